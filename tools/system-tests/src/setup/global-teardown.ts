import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__sopwrightStack?.stop();
  await globalThis.__sopwrightOtlp?.close();
  const dataDir = process.env.SOPWRIGHT_TEST_DATA_DIR;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
