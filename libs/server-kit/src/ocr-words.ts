import { runTool } from './run-tool';

/** A word tesseract read and its box, in pixels of the image file as stored (tesseract ignores EXIF orientation: see writeOcrImage). */
export interface OcrWordBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Tesseract's confidence, 0-100. */
  confidence: number;
}

export interface OcrReading {
  /** The words as lines of text, as tesseract's plain output gives them. */
  text: string;
  words: OcrWordBox[];
}

/**
 * Reads an image's words with their boxes: Debian's `tesseract` in TSV mode, one thread (the
 * machine's cores belong to the other workers too). Throws ENOENT when tesseract is absent.
 * Screens are sparse text (columns, side panels, table cells), so it reads in tesseract's
 * sparse-text mode (`--psm 11`): its default page layout merged a side panel's API key into a
 * table row and misread it, where sparse text read every value (and took less time).
 */
export async function readOcrWords(imagePath: string, binary = 'tesseract'): Promise<OcrReading> {
  const { stdout } = await runTool(binary, [imagePath, '-', '-l', 'eng', '--psm', '11', 'tsv'], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseTesseractTsv(stdout);
}

/**
 * Tesseract's TSV: level, page, block, paragraph, line, word, left, top, width, height, conf,
 * text. The CLI starts with a header row, tesseract.js does not: only word rows (level 5) count.
 */
export function parseTesseractTsv(tsv: string): OcrReading {
  const words: OcrWordBox[] = [];
  const lines: string[] = [];
  let lineKey = '';
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [left, top, width, height, confidence] = cells.slice(6, 11).map(Number) as [number, number, number, number, number];
    words.push({ text, left, top, width, height, confidence });
    const key = cells.slice(1, 5).join('.');
    if (key === lineKey) lines[lines.length - 1] += ` ${text}`;
    else lines.push(text);
    lineKey = key;
  }
  return { text: lines.join('\n'), words };
}
