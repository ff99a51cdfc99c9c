import { runTool } from '@sopwright/server-kit';
import { dirname, join } from 'node:path';
import type { ImageReader, ImageReading } from '../image-reader';

const run = runTool;

/**
 * Offline OCR. The Debian `tesseract` CLI is the most accurate and fastest option here
 * (one thread: the machine's cores belong to the other workers too); where the binary is
 * absent, tesseract.js reads with the bundled @tesseract.js-data/eng model, never a CDN.
 */
export class TesseractImageReader implements ImageReader {
  readonly name = 'tesseract';
  private wasm?: Promise<{ recognize(path: string): Promise<{ data: { text: string } }>; terminate(): Promise<unknown> }>;
  private binaryMissing = false;

  constructor(private readonly binary = 'tesseract') {}

  async read(imagePath: string): Promise<ImageReading> {
    if (!this.binaryMissing) {
      try {
        const { stdout } = await run(this.binary, [imagePath, '-', '-l', 'eng'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 16 * 1024 * 1024 });
        return { text: tidy(stdout) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        this.binaryMissing = true;
      }
    }
    const worker = await (this.wasm ??= createWasmWorker());
    const { data } = await worker.recognize(imagePath);
    return { text: tidy(data.text) };
  }

  async close(): Promise<void> {
    if (this.wasm) await (await this.wasm).terminate();
  }
}

async function createWasmWorker() {
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
}

const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
