import { availableParallelism } from 'node:os';

/**
 * Runs `work` on every item with at most `limit` running at once, in order of the items;
 * answers when all have finished. The first failure is raised once every started item has
 * settled (none is left running on a folder about to be removed); items not yet started
 * when it happens are not started.
 */
export async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), items.length)) }, lane));
  if (failure) throw failure.error;
}

/**
 * Images one generation reads at once: its share of the machine's cores (each reader, the
 * tesseract CLI, is one thread), so a worker running `generationConcurrency` jobs at once
 * never runs more OCR processes than there are cores. `configured` overrides it.
 */
export function imageReadConcurrency(generationConcurrency: number, configured?: number, cores = availableParallelism()): number {
  if (configured !== undefined) return Math.max(1, Math.floor(configured));
  return coreShare(generationConcurrency, cores);
}

/** The cores one generation may use: the worker's cores shared by the generations it runs at once. */
export function coreShare(generationConcurrency: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / Math.max(1, generationConcurrency)));
}
