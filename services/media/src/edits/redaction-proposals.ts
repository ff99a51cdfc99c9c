import type { EditShape, RedactionReason } from '@sopwright/contracts';
import { redactionBoxes } from '@sopwright/redaction';
import { readOcrWords } from '@sopwright/server-kit';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** Screenshots' small print reads far better enlarged: below this width OCR reads at 2x. */
const OCR_UPSCALE_BELOW = 1600;

/**
 * Blur boxes over every sensitive value tesseract reads in an image, in fractions of the
 * upright image (the coordinates of an edit layer). Proposals only: nothing is applied.
 */
export async function proposeRedactions(original: Buffer, tesseract = 'tesseract'): Promise<EditShape[]> {
  const upright = sharp(original, { limitInputPixels: false }).rotate();
  const { width = 1 } = await sharp(original, { limitInputPixels: false }).metadata();
  const scale = width < OCR_UPSCALE_BELOW ? 2 : 1;
  const { data, info } = await (scale > 1 ? upright.resize({ width: width * scale }) : upright).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-ocr-'));
  try {
    const path = join(dir, 'image.png');
    await writeFile(path, data);
    const { words } = await readOcrWords(path, tesseract);
    return redactionShapes(redactionBoxes(words, 3 * scale), info.width, info.height);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Proposals in pixels of a `width` x `height` image as `redaction` shapes of an edit layer. */
export function redactionShapes(
  proposals: ReturnType<typeof redactionBoxes>,
  width: number,
  height: number,
): EditShape[] {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return proposals.flatMap((proposal) =>
    proposal.boxes.map((box) => {
      const x = clamp(box.left / width);
      const y = clamp(box.top / height);
      return {
        kind: 'redaction' as const,
        rect: { x, y, width: Math.max(1e-4, clamp((box.left + box.width) / width) - x), height: Math.max(1e-4, clamp((box.top + box.height) / height) - y) },
        style: 'blur' as const,
        origin: 'auto' as const,
        reason: proposal.kind as RedactionReason,
      };
    }),
  );
}
