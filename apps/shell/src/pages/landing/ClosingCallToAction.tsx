import { Box, Button, Container, Heading, HStack, Stack, Text } from '@sopwright/ui/base';
import { Link as RouterLink } from '@sopwright/web-client/base';

export function ClosingCallToAction() {
  return (
    <Box as="section" py={{ base: '14', md: '20' }} bg="brand.solid" color="brand.contrast">
      <Container maxW="3xl">
        <Stack gap="5" textAlign="center" align="center">
          <Heading as="h2" size="3xl" letterSpacing="tight">
            Document your next process in minutes
          </Heading>
          <Text fontSize="lg" opacity={0.9}>
            Create your free account, describe one process you know by heart, and see the finished SOP before your
            coffee gets cold.
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button asChild size="lg" bg="white" color="brand.fg" _hover={{ bg: 'brand.50' }}>
              <RouterLink to="/register">Create Free Account</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <RouterLink to="/templates">Browse 80+ Templates</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
