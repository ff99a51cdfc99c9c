import OpenAI, { APIError } from 'openai';
import { GenerationError } from '../../worker/generation-error';
import type { OpenAiConfig } from './openai-config';

/**
 * The client, or a failure that names the missing key: the web client shows 'API Key
 * Required' for a message that mentions one. Created per call so a key added to the
 * environment takes effect on the next worker start without a code path of its own.
 */
export function openAiClient(config: OpenAiConfig): OpenAI {
  if (!config.OPENAI_API_KEY) {
    throw new GenerationError('OPENAI_API_KEY is not set: add your AI provider API key to use AI generation.');
  }
  // Retries belong to the job (BullMQ backoff), so one slow provider does not hold a worker.
  return new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, timeout: config.OPENAI_TIMEOUT_MS, maxRetries: 1 });
}

/**
 * Rejections the provider will repeat (bad key, bad request, unknown model) fail the
 * generation at once with a message the user can act on; rate limits, 5xx and timeouts
 * are left to the job's retries.
 */
export function classifyProviderError(error: unknown, what: string): never {
  if (error instanceof APIError && error.status !== undefined && error.status < 500 && error.status !== 408 && error.status !== 409 && error.status !== 429) {
    const hint = error.status === 401 || error.status === 403 ? ' Check OPENAI_API_KEY (the AI provider API key).' : '';
    throw new GenerationError(`The AI provider refused the ${what} request (HTTP ${error.status}).${hint}`);
  }
  throw error;
}
