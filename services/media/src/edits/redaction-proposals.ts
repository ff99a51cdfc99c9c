import { autoRedactionShape, IMAGE_EDIT_MAX_SHAPES, type EditShape } from '@sopwright/contracts';
import { areasToRedact } from '@sopwright/redaction';
import { readOcrWords, writeOcrImage } from '@sopwright/server-kit';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Blur boxes over every sensitive value tesseract reads in an image, in fractions of the
 * upright image (the coordinates of an edit layer), no more than a layer may hold. Proposals
 * only: nothing is applied.
 */
export async function proposeRedactions(original: Buffer, tesseract = 'tesseract'): Promise<EditShape[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-ocr-'));
  try {
    const image = await writeOcrImage(original, join(dir, 'image.png'));
    const { words } = await readOcrWords(image.path, tesseract);
    return areasToRedact(words, image, IMAGE_EDIT_MAX_SHAPES).map(autoRedactionShape);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
