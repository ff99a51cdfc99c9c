import { errorMessage } from '@sopwright/web-client';

/** Spec §8: the fallback text of every generation failure. */
export const GENERATION_FALLBACK = 'Something went wrong';

/**
 * Spec §8: a failure whose message mentions an AI provider key asks for the key instead;
 * on audio, one that mentions credits or the plan asks to upgrade.
 */
export function generationFailure(error: unknown, title: string, { upgradeOnPlanMessages = false } = {}): { title: string; description: string } {
  const message = errorMessage(error, GENERATION_FALLBACK);
  if (/api[ _-]?key/i.test(message)) {
    return { title: 'API Key Required', description: 'Please add your AI provider API key to use AI generation features.' };
  }
  if (upgradeOnPlanMessages && /credit|plan/i.test(message)) {
    return { title: 'Upgrade Required', description: message };
  }
  return { title, description: message };
}
