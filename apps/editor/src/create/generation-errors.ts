import { errorMessage } from '@sopwright/web-client';

/** Spec §8: the fallback text of every generation failure. */
export const GENERATION_FALLBACK = 'Something went wrong';

/** Spec §8: a failure whose message mentions an AI provider key asks for the key instead. */
export function generationFailure(error: unknown, title: string): { title: string; description: string } {
  const message = errorMessage(error, GENERATION_FALLBACK);
  if (/api[ _-]?key/i.test(message)) {
    return { title: 'API Key Required', description: 'Please add your AI provider API key to use AI generation features.' };
  }
  return { title, description: message };
}
