import { redactField } from '@sopwright/contracts/constants';
import { Button, Stack, Text, notify } from '@sopwright/ui';
import { FileVideo, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { GenerationProgress } from './GenerationProgress';
import { MediaTitleField } from './MediaTitleField';
import { videoProblem, VIDEO_TYPES } from './media-limits';
import { useMediaGeneration } from './use-media-generation';

const formatSize = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The 'Upload Video' tab: one MP4 or WebM file up to 100MB. */
export function UploadVideoForm({ redact }: { redact: boolean }) {
  const [title, setTitle] = useState('');
  const [video, setVideo] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const generation = useMediaGeneration({ path: '/api/sop/from-video', failureTitle: 'Failed to process video' });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = videoProblem(file);
    if (problem) {
      notify.error('Upload failed', problem);
      if (input.current) input.current.value = '';
      return;
    }
    setVideo(file);
  };

  const generate = () => {
    if (!video) return;
    const form = new FormData();
    form.append('title', title.trim());
    form.append(redactField, String(redact));
    form.append('video', video, video.name);
    void generation.generate(form);
  };

  return (
    <Stack gap="5">
      <MediaTitleField value={title} onChange={setTitle} />
      <input ref={input} type="file" accept={VIDEO_TYPES.join(',')} hidden aria-label="Choose a video" onChange={(event) => pick(event.target.files?.[0])} />
      <Button variant="outline" alignSelf="flex-start" onClick={() => input.current?.click()} disabled={generation.busy}>
        <FileVideo /> {video ? 'Choose Another Video' : 'Choose Video'}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {video ? `${video.name} · ${formatSize(video.size)}` : 'MP4 or WebM, up to 100MB'}
      </Text>
      {generation.busy && <GenerationProgress uploading={generation.uploading} uploaded={generation.uploaded} job={generation.job} />}
      <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={generate} disabled={!video} loading={generation.busy} loadingText="Uploading...">
        <Upload /> Upload & Generate SOP
      </Button>
    </Stack>
  );
}
