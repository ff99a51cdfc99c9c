import { Box, Card, Flex, HStack, Heading, Image, Link, Text } from '@sopwright/ui';
import type { Step } from '@sopwright/contracts';
import { StepNumber } from './StepNumber';

/** A read-only step: number, title, details with their line breaks, and image thumbnails. `level`: its heading's, under the page's (h2) or a version's (h4). */
export function StepView({ step, n, level = 'h2' }: { step: Step; n: number; level?: 'h2' | 'h4' }) {
  const images = step.imageUrls ?? [];
  return (
    <Card.Root as="li" variant="outline" rounded="xl" bg="bg" data-testid="step-card" listStyleType="none">
      <Card.Body>
        <Flex gap="4" align="flex-start">
          <StepNumber n={n} />
          <Box flex="1" minW="0" pt="1">
            <Heading as={level} size="md" lineHeight="short">
              {step.title}
            </Heading>
            {step.details && (
              <Text mt="2" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
                {step.details}
              </Text>
            )}
            {images.length > 0 && (
              <HStack gap="3" mt="4" wrap="wrap">
                {images.map((url, index) => (
                  <Link
                    key={`${url}-${index}`}
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Open image ${index + 1} of step ${n} in a new tab`}
                    rounded="lg"
                    overflow="hidden"
                    borderWidth="1px"
                    _hover={{ shadow: 'md', borderColor: 'brand.emphasized' }}
                  >
                    <Image src={url} alt={`Step ${n} image ${index + 1}`} boxSize="28" objectFit="cover" bg="bg.muted" />
                  </Link>
                ))}
              </HStack>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
