import { parseTesseractTsv, readOcrWords, runTool, type OcrReading } from '@sopwright/server-kit';
import { dirname, join } from 'node:path';
import type { ImageReader, ImageReading, WordReader } from '../image-reader';

const run = runTool;

interface WasmWorker {
  recognize(path: string, options?: object, output?: { text?: boolean; tsv?: boolean }): Promise<{ data: { text: string; tsv?: string | null } }>;
  terminate(): Promise<unknown>;
}

/**
 * Offline OCR. The Debian `tesseract` CLI is the most accurate and fastest option here
 * (one thread: the machine's cores belong to the other workers too); where the binary is
 * absent, tesseract.js reads with the bundled @tesseract.js-data/eng model, never a CDN.
 * It reads an image's text, or its words with their boxes (automatic redaction), whose lines
 * are the text as well.
 */
export class TesseractImageReader implements ImageReader, WordReader {
  readonly name = 'tesseract';
  readonly ocr = true;
  private wasm?: Promise<WasmWorker>;
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

  /** The words and their boxes (tesseract's TSV), in pixels of the image file; `text` is their lines. */
  async readWords(imagePath: string): Promise<OcrReading> {
    if (!this.binaryMissing) {
      try {
        return await readOcrWords(imagePath, this.binary);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        this.binaryMissing = true;
      }
    }
    const worker = await (this.wasm ??= createWasmWorker());
    const { data } = await worker.recognize(imagePath, {}, { text: false, tsv: true });
    return parseTesseractTsv(data.tsv ?? '');
  }

  async close(): Promise<void> {
    if (this.wasm) await (await this.wasm).terminate();
  }
}

async function createWasmWorker(): Promise<WasmWorker> {
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }) as Promise<WasmWorker>;
}

const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
