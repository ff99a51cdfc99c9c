import { redactField } from '@sopwright/contracts/constants';
import { Box, Button, IconButton, Image, SimpleGrid, Stack, Text, notify } from '@sopwright/ui';
import { ImagePlus, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { GenerationProgress } from './GenerationProgress';
import { MediaTitleField } from './MediaTitleField';
import { addPhotos, MAX_PHOTOS, PHOTO_TYPES } from './media-limits';
import { useMediaGeneration } from './use-media-generation';

interface PickedPhoto {
  file: File;
  url: string;
}

/** The 'From Photos' tab: up to 10 photos or screenshots, in order, one step each. */
export function PhotosForm({ redact }: { redact: boolean }) {
  const [title, setTitle] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const generation = useMediaGeneration({ path: '/api/sop/from-photos', failureTitle: 'Failed to process photos' });

  const latest = useRef(photos);
  latest.current = photos;
  useEffect(() => () => latest.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  const pick = (files: FileList | null) => {
    const images = Array.from(files ?? []).filter((file) => PHOTO_TYPES.includes(file.type));
    if (files && images.length < files.length) notify.error('Upload failed', 'Photos must be JPEG, PNG or WebP images');
    const { photos: kept, dropped } = addPhotos(photos, images.map((file) => ({ file, url: URL.createObjectURL(file) })));
    if (dropped > 0) notify.error('Too many photos', `You can upload at most ${MAX_PHOTOS} photos`);
    setPhotos(kept);
    if (input.current) input.current.value = '';
  };

  const remove = (index: number) => {
    URL.revokeObjectURL(photos[index]!.url);
    setPhotos(photos.filter((_, position) => position !== index));
  };

  const generate = () => {
    const form = new FormData();
    form.append('title', title.trim());
    form.append(redactField, String(redact));
    photos.forEach((photo) => form.append('photos', photo.file, photo.file.name));
    void generation.generate(form);
  };

  return (
    <Stack gap="5">
      <MediaTitleField value={title} onChange={setTitle} />
      <input ref={input} type="file" accept={PHOTO_TYPES.join(',')} multiple hidden aria-label="Choose photos" onChange={(event) => pick(event.target.files)} />
      <Button variant="outline" alignSelf="flex-start" onClick={() => input.current?.click()} disabled={photos.length >= MAX_PHOTOS || generation.busy}>
        <ImagePlus /> Choose Photos
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {photos.length} of {MAX_PHOTOS} photos · JPEG, PNG or WebP · in the order of the steps
      </Text>
      {photos.length > 0 && (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3">
          {photos.map((photo, index) => (
            <Box key={photo.url} position="relative" borderWidth="1px" rounded="md" overflow="hidden">
              <Image src={photo.url} alt={`Photo ${index + 1}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
              <IconButton aria-label={`Remove photo ${index + 1}`} size="xs" variant="solid" colorPalette="gray" position="absolute" top="1" right="1" onClick={() => remove(index)} disabled={generation.busy}>
                <X />
              </IconButton>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {generation.busy && <GenerationProgress uploading={generation.uploading} uploaded={generation.uploaded} job={generation.job} />}
      <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={generate} disabled={photos.length === 0} loading={generation.busy} loadingText="Generating SOP...">
        <Sparkles /> Generate SOP from Photos
      </Button>
    </Stack>
  );
}
