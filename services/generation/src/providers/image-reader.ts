/** What an image says: its visible text and, from a vision model, what it shows. */
export interface ImageReading {
  text: string;
  description?: string;
}

/** Image text. Offline: tesseract OCR; cloud: an OpenAI-compatible vision model. */
export interface ImageReader {
  readonly name: string;
  read(imagePath: string, mimeType: string): Promise<ImageReading>;
}
