import { Badge, Box, Button, Card, Container, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@sopwright/ui/base';
import { ArrowRight, CheckCircle2, Sparkles } from 'lucide-react';
import { Link as RouterLink } from '@sopwright/web-client/base';
import { AI_MODEL_NAME, sampleSop } from './landing-content';

export function HeroSection() {
  return (
    <Box as="section" bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '14', md: '24' }}>
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" alignItems="center">
          <Stack gap="6">
            <Badge colorPalette="brand" variant="surface" size="lg" alignSelf="flex-start" rounded="full" px="3">
              <Sparkles /> Powered by {AI_MODEL_NAME}
            </Badge>
            <Heading as="h1" size={{ base: '4xl', md: '6xl' }} letterSpacing="tight" lineHeight="1.1">
              Turn messy processes into clean documentation
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              Type it, record it, say it or snap it. Sopwright turns how your team actually works into clear, numbered
              standard operating procedures, ready to edit, brand and share in minutes.
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to="/register">
                  Start Creating Free <ArrowRight />
                </RouterLink>
              </Button>
              <Button asChild variant="outline" size="lg">
                <RouterLink to="/templates">Browse 80+ Templates</RouterLink>
              </Button>
            </HStack>
          </Stack>
          <Card.Root variant="elevated" maxW="lg" justifySelf={{ lg: 'end' }} width="full" aria-label="Example SOP">
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title>{sampleSop.title}</Card.Title>
                <Badge colorPalette="brand">Video</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {sampleSop.steps.length} steps · generated from a 2-minute screen recording
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                {sampleSop.steps.map((step, index) => (
                  <HStack key={step} gap="3" p="3" borderWidth="1px" rounded="md" bg="bg.subtle">
                    <Text fontWeight="bold" color="brand.fg" minW="5">
                      {index + 1}
                    </Text>
                    <Text flex="1">{step}</Text>
                    <Icon color="brand.solid">
                      <CheckCircle2 />
                    </Icon>
                  </HStack>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
