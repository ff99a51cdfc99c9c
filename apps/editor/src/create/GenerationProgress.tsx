import { Progress, Stack, Text } from '@sopwright/ui';
import type { GenerationJobStatus, GenerationStage } from '@sopwright/contracts';

const stageLabels: Record<GenerationStage, string> = {
  upload: 'Receiving your upload',
  'media-processing': 'Processing the media',
  transcription: 'Transcribing the narration',
  'image-analysis': 'Reading the images',
  structuring: 'Writing the steps',
  saving: 'Saving your SOP',
};

interface GenerationProgressProps {
  uploading: boolean;
  uploaded: number;
  job?: GenerationJobStatus;
}

/** Where a media generation is: the upload's share sent, then the worker's stage. */
export function GenerationProgress({ uploading, uploaded, job }: GenerationProgressProps) {
  const label = uploading
    ? `Uploading… ${Math.round(uploaded * 100)}%`
    : job?.stage
      ? `${stageLabels[job.stage]}…`
      : 'Waiting for a worker…';
  const value = uploading ? Math.round(uploaded * 100) : (job?.progress ?? 0);
  return (
    <Stack gap="2" role="status" aria-live="polite">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Progress.Root value={value} max={100} size="sm" colorPalette="brand">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
