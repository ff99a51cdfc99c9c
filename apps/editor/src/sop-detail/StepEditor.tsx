import { Box, Button, Card, CloseButton, Field, Flex, HStack, IconButton, Image, Input, Stack, Text, Textarea } from '@sopwright/ui';
import { editableImageId } from '@sopwright/web-client';
import { ArrowDown, ArrowUp, ImagePlus, PencilRuler, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { STEP_IMAGE_ACCEPT, type DraftStep, type MoveDirection } from './sop-draft';
import { StepNumber } from './StepNumber';

interface StepEditorProps {
  step: DraftStep;
  n: number;
  count: number;
  disabled: boolean;
  uploading: boolean;
  uploadProblem?: string;
  onChange: (patch: { title?: string; details?: string }) => void;
  onMove: (direction: MoveDirection) => void;
  onDelete: () => void;
  onAttach: (file: File) => void;
  onRemoveImage: (imageIndex: number) => void;
  /** Opens the image editor on one of the step's images. */
  onEditImage: (imageIndex: number) => void;
  /** Fetches the editor's code ahead, when the pointer or focus reaches an Edit image button. */
  onPrepareEdit?: () => void;
}

/** One step in edit mode: title, details, images, and its place in the list. */
export function StepEditor({ step, n, count, disabled, uploading, uploadProblem, onChange, onMove, onDelete, onAttach, onRemoveImage, onEditImage, onPrepareEdit }: StepEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onAttach(file);
  };

  return (
    <Card.Root as="li" variant="outline" rounded="xl" bg="bg" data-testid="step-editor" listStyleType="none" borderColor="brand.muted">
      <Card.Body>
        <Flex gap="4" align="flex-start">
          <StepNumber n={n} />
          <Stack flex="1" minW="0" gap="3">
            <HStack gap="2" align="flex-start">
              <Field.Root flex="1">
                <Input
                  aria-label={`Step ${n} title`}
                  placeholder="Step title"
                  fontWeight="semibold"
                  value={step.title}
                  maxLength={300}
                  disabled={disabled}
                  onChange={(event) => onChange({ title: event.target.value })}
                />
              </Field.Root>
              <HStack gap="0.5" flexShrink={0}>
                <IconButton aria-label={`Move step ${n} up`} variant="ghost" size="sm" disabled={disabled || n === 1} onClick={() => onMove('up')}>
                  <ArrowUp />
                </IconButton>
                <IconButton aria-label={`Move step ${n} down`} variant="ghost" size="sm" disabled={disabled || n === count} onClick={() => onMove('down')}>
                  <ArrowDown />
                </IconButton>
                <IconButton aria-label={`Delete step ${n}`} variant="ghost" colorPalette="red" size="sm" disabled={disabled} onClick={onDelete}>
                  <Trash2 />
                </IconButton>
              </HStack>
            </HStack>
            <Textarea
              aria-label={`Step ${n} details`}
              placeholder="Details: what to do, where, and what to watch for"
              value={step.details}
              autoresize
              minH="20"
              maxH="96"
              disabled={disabled}
              onChange={(event) => onChange({ details: event.target.value })}
            />
            <Box>
              {step.imageUrls.length > 0 && (
                <HStack gap="3" mb="3" wrap="wrap" aria-label={`Images of step ${n}`} role="list">
                  {step.imageUrls.map((url, index) => (
                    <Box key={index} position="relative" role="listitem">
                      <Image src={url} alt={`Step ${n} image ${index + 1}`} boxSize="24" objectFit="cover" rounded="lg" borderWidth="1px" bg="bg.muted" />
                      <CloseButton
                        aria-label={`Remove image ${index + 1} from step ${n}`}
                        size="2xs"
                        variant="solid"
                        rounded="full"
                        position="absolute"
                        top="-2"
                        insetEnd="-2"
                        disabled={disabled}
                        onClick={() => onRemoveImage(index)}
                      />
                      {editableImageId(url) && (
                        <Button
                          size="2xs"
                          variant="outline"
                          mt="1.5"
                          width="full"
                          data-edit-image={`${n - 1}-${index}`}
                          aria-label={`Edit image ${index + 1} of step ${n}`}
                          disabled={disabled}
                          onClick={() => onEditImage(index)}
                          onPointerEnter={onPrepareEdit}
                          onFocus={onPrepareEdit}
                        >
                          <PencilRuler /> Edit image
                        </Button>
                      )}
                    </Box>
                  ))}
                </HStack>
              )}
              <Button
                size="sm"
                variant="outline"
                data-action="attach-image"
                onClick={() => fileInput.current?.click()}
                loading={uploading}
                loadingText="Uploading..."
                disabled={disabled}
              >
                <ImagePlus /> Attach Image
              </Button>
              {uploadProblem && (
                <Text fontSize="sm" color="fg.error" mt="1" role="alert">
                  {uploadProblem}
                </Text>
              )}
              <input
                ref={fileInput}
                type="file"
                accept={STEP_IMAGE_ACCEPT}
                aria-label={`Attach image to step ${n}`}
                hidden
                onChange={handleFile}
              />
            </Box>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
