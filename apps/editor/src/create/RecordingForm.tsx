import { redactField } from '@sopwright/contracts/constants';
import { Box, Button, HStack, Stack, Text } from '@sopwright/ui';
import { Circle, RotateCcw, Sparkles, Square } from 'lucide-react';
import { useState } from 'react';
import { GenerationProgress } from './GenerationProgress';
import { MediaTitleField } from './MediaTitleField';
import { formatElapsed } from './media-limits';
import { useMediaGeneration } from './use-media-generation';
import { useMediaRecorder, type RecordingKind } from './use-media-recorder';

const variants = {
  screen: { path: '/api/sop/from-video', field: 'video', fileName: 'recording.webm', failureTitle: 'Failed to process recording', generateLabel: 'Generate SOP from Recording', startLabel: 'Start Recording' },
  microphone: { path: '/api/sop/from-audio', field: 'audio', fileName: 'recording', failureTitle: 'Failed to process audio', generateLabel: 'Generate SOP from Audio', startLabel: 'Start Recording' },
} as const;

/** The 'Screen Recording' and 'Audio Description' tabs: record, review, generate. */
export function RecordingForm({ kind, redact }: { kind: RecordingKind; redact: boolean }) {
  const variant = variants[kind];
  const [title, setTitle] = useState('');
  const recorder = useMediaRecorder(kind);
  const generation = useMediaGeneration({ path: variant.path, failureTitle: variant.failureTitle, upgradeOnPlanMessages: kind === 'microphone' });

  const generate = () => {
    if (!recorder.blob) return;
    const form = new FormData();
    form.append('title', title.trim());
    form.append(redactField, String(redact));
    // The spec's client names the audio file 'recording'; screen recordings say what they are.
    if (kind === 'screen') form.append('origin', 'screen-recording');
    form.append(variant.field, recorder.blob, variant.fileName);
    void generation.generate(form);
  };

  return (
    <Stack gap="5">
      <MediaTitleField value={title} onChange={setTitle} />
      <HStack gap="4">
        {recorder.recording ? (
          <Button colorPalette="red" onClick={recorder.stop}>
            <Square /> Stop Recording
          </Button>
        ) : (
          !recorder.blob && (
            <Button colorPalette="brand" variant="outline" onClick={() => void recorder.start()} disabled={generation.busy}>
              <Circle /> {variant.startLabel}
            </Button>
          )
        )}
        {(recorder.recording || recorder.blob) && (
          <Text fontFamily="mono" fontSize="lg" aria-label="Elapsed time" color={recorder.recording ? 'red.600' : 'fg.muted'}>
            {formatElapsed(recorder.elapsed)}
          </Text>
        )}
      </HStack>
      {recorder.previewUrl && (
        <Box borderWidth="1px" rounded="lg" overflow="hidden" bg="bg.muted">
          {kind === 'screen' ? (
            <video src={recorder.previewUrl} controls style={{ width: '100%', maxHeight: '360px' }} aria-label="Recording preview" />
          ) : (
            <audio src={recorder.previewUrl} controls style={{ width: '100%' }} aria-label="Recording preview" />
          )}
        </Box>
      )}
      {generation.busy && <GenerationProgress uploading={generation.uploading} uploaded={generation.uploaded} job={generation.job} />}
      {recorder.blob && (
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" size="lg" onClick={generate} loading={generation.busy} loadingText="Generating SOP...">
            <Sparkles /> {variant.generateLabel}
          </Button>
          <Button variant="outline" size="lg" onClick={recorder.reset} disabled={generation.busy}>
            <RotateCcw /> Record Again
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
