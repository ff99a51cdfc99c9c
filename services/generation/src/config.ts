import { baseEnvSchema, healthEnvSchema, loadConfig, objectStorageEnvSchema } from '@sopwright/server-kit';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { googleSpeechEnvSchema } from './providers/cloud/google-speech-config';
import { openAiEnvSchema } from './providers/cloud/openai-config';
import { defaultLanguageModel } from './speech-model/model-files';

export const generationEnvSchema = baseEnvSchema
  .extend(healthEnvSchema.shape)
  .extend(objectStorageEnvSchema.shape)
  .extend(openAiEnvSchema.shape)
  .extend(googleSpeechEnvSchema.shape)
  .extend({
    /** Generations one worker runs at once. Scale out with more workers rather than this. */
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** Which engine structures text into steps; `offline` is the embedded deterministic structurer. */
    STRUCTURER: z.enum(['offline', 'openai']).default('offline'),
    /** Which engine turns speech into text; `offline` is Debian pocketsphinx, `google` Google Cloud Speech-to-Text. */
    TRANSCRIBER: z.enum(['offline', 'openai', 'google']).default('offline'),
    /** Which engine reads images; `offline` is tesseract OCR. */
    IMAGE_READER: z.enum(['offline', 'openai']).default('offline'),
    FFMPEG_BIN: z.string().min(1).default('ffmpeg'),
    FFPROBE_BIN: z.string().min(1).default('ffprobe'),
    POCKETSPHINX_BIN: z.string().min(1).default('pocketsphinx_continuous'),
    /** The offline recogniser's language model: the listening model built from the bundled procedures model (or that alone where it was not built), another ARPA or binary model, or '' for pocketsphinx's general en-us one. */
    POCKETSPHINX_LM: z
      .string()
      .default(defaultLanguageModel)
      .refine((path) => path === '' || existsSync(path), { message: 'no such language model file' }),
    /** The offline recogniser's frequency warp for the speaker's voice: `auto` chooses it for each recording, a number (0.6–2.2) fixes it, 1 is none. */
    POCKETSPHINX_WARP: z
      .union([z.literal('auto'), z.coerce.number().min(0.6).max(2.2)])
      .default('auto'),
    TESSERACT_BIN: z.string().min(1).default('tesseract'),
    /** Most keyframes kept from one video. */
    GENERATION_MAX_KEYFRAMES: z.coerce.number().int().min(1).max(60).default(12),
    /** ffmpeg scene score above which a frame counts as a cut; UI recordings need a low one. */
    GENERATION_SCENE_THRESHOLD: z.coerce.number().min(0.01).max(1).default(0.08),
    /** Images one generation reads (OCR) at once; by default the worker's share of the cores (cores / GENERATION_CONCURRENCY). */
    GENERATION_OCR_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
    /** How long a worker's hold on a job lasts without renewal: a worker that dies loses its job to another after about this long. */
    GENERATION_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Where the worker unpacks media while it works; each job's folder is removed afterwards. */
    GENERATION_WORK_DIR: z.string().optional(),
  });
export type GenerationConfig = z.output<typeof generationEnvSchema>;

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env): GenerationConfig => loadConfig(generationEnvSchema, env);
