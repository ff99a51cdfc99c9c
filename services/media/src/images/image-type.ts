import { fileTypeFromBuffer } from 'file-type';

export interface DetectedImage {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/svg+xml';
  extension: 'jpg' | 'png' | 'webp' | 'svg';
}

const rasterTypes: Record<string, DetectedImage> = {
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg' },
  'image/png': { contentType: 'image/png', extension: 'png' },
  'image/webp': { contentType: 'image/webp', extension: 'webp' },
};

/** An XML prolog, comments or a doctype may come first; then the root element must be <svg>. */
const svgStart = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** Decides an image's type from its bytes alone; the file name and declared type are ignored. */
export async function detectImageType(bytes: Buffer): Promise<DetectedImage | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && detected.mime !== 'application/xml') return rasterTypes[detected.mime] ?? null;
  const text = bytes.subarray(0, 4096).toString('utf8');
  return svgStart.test(text) ? { contentType: 'image/svg+xml', extension: 'svg' } : null;
}
