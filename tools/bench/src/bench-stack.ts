import { freePort, startStack, type RunningStack, type StackOptions } from '@sopwright/stack';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway stack on free ports with these worker replicas, quiet, removed after `work`. */
export async function withStack<T>(replicas: StackOptions['replicas'], work: (stack: RunningStack) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-bench-'));
  const stack = await startStack({
    dataDir,
    port: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    objectStoragePort: await freePort(),
    replicas,
    log: () => undefined,
  });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
