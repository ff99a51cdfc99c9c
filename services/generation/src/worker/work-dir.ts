import type { ObjectStorage } from '@sopwright/server-kit';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A folder for one job's media, always removed afterwards, whatever happened. */
export async function withWorkDir<T>(root: string | undefined, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(root ?? tmpdir(), 'sopwright-generation-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Streams an object to a local file; media is never held whole in memory. */
export async function download(storage: ObjectStorage, key: string, path: string): Promise<string> {
  await pipeline(await storage.get(key), createWriteStream(path));
  return path;
}
