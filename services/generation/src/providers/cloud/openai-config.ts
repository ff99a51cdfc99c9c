import { z } from 'zod';

/** Settings of any OpenAI-compatible server: OpenAI, Azure-style gateways, Ollama, vLLM, llama.cpp. */
export const openAiEnvSchema = z.object({
  /** Required once STRUCTURER, TRANSCRIBER or IMAGE_READER is `openai`; a generation without it fails naming it. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_VISION_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
});
export type OpenAiConfig = z.output<typeof openAiEnvSchema>;
