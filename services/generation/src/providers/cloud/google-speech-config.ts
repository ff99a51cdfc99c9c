import { z } from 'zod';

/** Google Cloud Speech-to-Text, used when TRANSCRIBER=google. */
export const googleSpeechEnvSchema = z.object({
  /** An API key with the Speech-to-Text API enabled; or leave it unset and use GOOGLE_APPLICATION_CREDENTIALS. */
  GOOGLE_SPEECH_API_KEY: z.string().min(1).optional(),
  /** Path of a service account key file; Google's auth library reads it (also from the metadata server on GCP). */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  /** BCP-47 language of the narration. */
  GOOGLE_SPEECH_LANGUAGE: z.string().min(2).default('en-US'),
  /** Another address of the Speech REST API (a proxy, or a local server in tests). */
  GOOGLE_SPEECH_API_URL: z.url().optional(),
});
export type GoogleSpeechConfig = z.output<typeof googleSpeechEnvSchema>;
