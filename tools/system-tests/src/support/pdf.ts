import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A raster image a PDF draws, as `pdfimages -list` (poppler-utils) lists it. */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
  /** Its resolution where it is drawn: image pixels per inch of paper. */
  xPpi: number;
  yPpi: number;
}

async function withPdfFile<T>(pdf: Buffer, use: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-pdf-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The images a PDF draws (not their soft masks), in page order. */
export function pdfImages(pdf: Buffer): Promise<PdfImage[]> {
  return withPdfFile(pdf, async (path) => {
    const { stdout } = await run('pdfimages', ['-list', path]);
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[2] === 'image')
      .map((fields) => ({ page: Number(fields[0]), width: Number(fields[3]), height: Number(fields[4]), xPpi: Number(fields[12]), yPpi: Number(fields[13]) }));
  });
}

/** One page of a PDF (numbered from 1) rendered by `pdftoppm` at `dpi`, as a PNG. */
export function renderPdfPage(pdf: Buffer, page: number, dpi: number): Promise<Buffer> {
  return withPdfFile(pdf, async (path, dir) => {
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path, join(dir, 'page')]);
    return readFile(join(dir, 'page.png'));
  });
}
