import { Box, Circle, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@sopwright/ui/base';
import type { LucideIcon } from 'lucide-react';

interface BlurbGridProps {
  id: string;
  title: string;
  subtitle: string;
  items: { icon: LucideIcon; title: string; description: string }[];
  numbered?: boolean;
  background?: string;
}

/** A titled section of icon blurbs: the steps of how it works, or the benefits. */
export function BlurbGrid({ id, title, subtitle, items, numbered = false, background = 'bg' }: BlurbGridProps) {
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '14', md: '20' }} bg={background}>
      <Container maxW="6xl">
        <Stack gap="3" textAlign="center" mb="12">
          <Heading id={id} as="h2" size="3xl" letterSpacing="tight">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {subtitle}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          {items.map((item, index) => (
            <Stack key={item.title} gap="3" align={{ base: 'center', md: 'flex-start' }} textAlign={{ base: 'center', md: 'start' }}>
              <Circle size="12" bg="brand.muted" color="brand.fg">
                <Icon boxSize="6">
                  <item.icon />
                </Icon>
              </Circle>
              <Heading as="h3" size="lg">
                {numbered ? `${index + 1}. ${item.title}` : item.title}
              </Heading>
              <Text color="fg.muted">{item.description}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
