import type { OcrReading } from '@sopwright/server-kit';

/** What an image says: its visible text and, from a vision model, what it shows. */
export interface ImageReading {
  text: string;
  description?: string;
}

/** Image text. Offline: tesseract OCR; cloud: an OpenAI-compatible vision model. */
export interface ImageReader {
  readonly name: string;
  /**
   * True for the offline OCR, which is also the word reader: with redaction on, the one
   * reading of an image's words gives its text too, so tesseract never reads an image twice.
   */
  readonly ocr?: boolean;
  read(imagePath: string, mimeType: string): Promise<ImageReading>;
}

/** Words with their boxes, for automatic redaction. Always offline (tesseract): images never leave for it. */
export interface WordReader {
  readonly name: string;
  readWords(imagePath: string): Promise<OcrReading>;
}
