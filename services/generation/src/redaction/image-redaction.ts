import { autoRedactionShape, IMAGE_EDIT_MAX_SHAPES, type EditShape } from '@sopwright/contracts';
import { areasToRedact } from '@sopwright/redaction';
import { writeOcrImage, type OcrReading } from '@sopwright/server-kit';
import { rm } from 'node:fs/promises';
import type { WordReader } from '../providers/image-reader';

export interface ImageRedaction {
  /** The one OCR reading of the image (upright, enlarged when narrow): its lines are the image's text. */
  reading: OcrReading;
  /** Blur boxes over every sensitive value read, in fractions of the upright image; empty when none. */
  shapes: EditShape[];
}

/**
 * Reads an image's words once, upright (EXIF orientation applied, as media draws edit layers
 * on the upright original) and enlarged when narrow, and proposes a blur over each sensitive
 * value, no more than an edit layer may hold. `ocrPath` is a scratch PNG, removed afterwards.
 */
export async function redactionOf(reader: WordReader, imagePath: string, ocrPath: string): Promise<ImageRedaction> {
  try {
    const image = await writeOcrImage(imagePath, ocrPath);
    const reading = await reader.readWords(image.path);
    return { reading, shapes: areasToRedact(reading.words, image, IMAGE_EDIT_MAX_SHAPES).map(autoRedactionShape) };
  } finally {
    await rm(ocrPath, { force: true });
  }
}
