import { Box, Container, Flex, HStack, Link, Text, BrandLogo } from '@sopwright/ui/base';
import { Link as RouterLink } from '@sopwright/web-client/base';

const footerLinks = [
  { label: 'Templates', to: '/templates' },
  { label: 'Login', to: '/login' },
  { label: 'Sign Up', to: '/register' },
];

export function LandingFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" py="8">
      <Container maxW="7xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap="4">
          <BrandLogo to="/" />
          <HStack as="nav" aria-label="Footer" gap="6">
            {footerLinks.map((link) => (
              <Link key={link.to} asChild color="fg.muted" fontSize="sm">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            © 2025 Sopwright. All rights reserved.
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}
