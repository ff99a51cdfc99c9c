import type { GenerationStage } from '@sopwright/contracts';

/** How far along a generation is when each stage starts. */
export const stageProgress: Record<GenerationStage, number> = {
  upload: 5,
  'media-processing': 15,
  transcription: 35,
  'image-analysis': 60,
  structuring: 80,
  saving: 90,
};
