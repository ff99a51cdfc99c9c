import { Box, Button, Card, Flex, HStack, Heading, Image, Link, Stack, Text } from '@sopwright/ui';
import type { Step } from '@sopwright/contracts';
import { editableImageId } from '@sopwright/web-client';
import { PencilRuler } from 'lucide-react';
import { Fragment } from 'react';
import { StepNumber } from './StepNumber';

interface StepViewProps {
  step: Step;
  n: number;
  /** Its heading's level, under the page's (h2) or a version's (h4). */
  level?: 'h2' | 'h4';
  /** Opens the image editor on one of the step's images (the page's steps, not a version's). */
  onEditImage?: (imageIndex: number) => void;
  /** Fetches the editor's code ahead, when the pointer or focus reaches an Edit image button. */
  onPrepareEdit?: () => void;
}

/** A read-only step: number, title, details with their line breaks, and image thumbnails, each with Edit image when it can be edited. */
export function StepView({ step, n, level = 'h2', onEditImage, onPrepareEdit }: StepViewProps) {
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
                {images.map((url, index) => {
                  const thumbnail = (
                    <Link
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
                  );
                  // Keyed by place, not URL: an edited image keeps its Edit image button, and focus on it.
                  if (!onEditImage || !editableImageId(url)) return <Fragment key={index}>{thumbnail}</Fragment>;
                  return (
                    <Stack key={index} gap="1.5" align="center">
                      {thumbnail}
                      <Button
                        size="xs"
                        variant="outline"
                        data-edit-image={`${n - 1}-${index}`}
                        aria-label={`Edit image ${index + 1} of step ${n}`}
                        onClick={() => onEditImage(index)}
                        onPointerEnter={onPrepareEdit}
                        onFocus={onPrepareEdit}
                      >
                        <PencilRuler /> Edit image
                      </Button>
                    </Stack>
                  );
                })}
              </HStack>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
