import type { CaptureBox } from '@sopwright/contracts/constants';

/** A box in CSS pixels of the top page's viewport (getBoundingClientRect, frames' offsets added). */
export interface CssBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The part of `box` that shows in the viewport, in the screenshot's pixels. The scale is the
 * screenshot's size over the viewport's (devicePixelRatio and page zoom both), measured rather
 * than assumed; edges round outwards so the box covers the element. Null when none of it shows.
 */
export function toScreenshotBox(box: CssBox, viewport: Size, image: Size): CaptureBox | null {
  if (viewport.width <= 0 || viewport.height <= 0) return null;
  const scaleX = image.width / viewport.width;
  const scaleY = image.height / viewport.height;
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(viewport.width, box.x + box.width);
  const bottom = Math.min(viewport.height, box.y + box.height);
  if (right - left < 1 || bottom - top < 1) return null;
  const x = Math.max(0, Math.floor(left * scaleX));
  const y = Math.max(0, Math.floor(top * scaleY));
  const x2 = Math.min(image.width, Math.ceil(right * scaleX));
  const y2 = Math.min(image.height, Math.ceil(bottom * scaleY));
  return { x, y, width: x2 - x, height: y2 - y };
}

/**
 * `box` in the screenshot's pixels rounded inwards, for painting over a field's inside without
 * touching its border. Null when nothing of it shows.
 */
export function toMaskBox(box: CssBox, viewport: Size, image: Size): CaptureBox | null {
  if (viewport.width <= 0 || viewport.height <= 0) return null;
  const scaleX = image.width / viewport.width;
  const scaleY = image.height / viewport.height;
  const x = Math.max(0, Math.ceil(box.x * scaleX));
  const y = Math.max(0, Math.ceil(box.y * scaleY));
  const x2 = Math.min(image.width, Math.floor((box.x + box.width) * scaleX));
  const y2 = Math.min(image.height, Math.floor((box.y + box.height) * scaleY));
  return x2 - x >= 1 && y2 - y >= 1 ? { x, y, width: x2 - x, height: y2 - y } : null;
}
