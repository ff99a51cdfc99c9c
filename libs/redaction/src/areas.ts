import { redactionBoxes, type Box, type OcrWord, type RedactionProposal } from './ocr-boxes';
import type { SensitiveKind } from './types';

/** A box as fractions (0..1) of an image's width and height: the coordinates of an edit layer. */
export interface FractionRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One box to blur and what it hides. */
export interface RedactionArea {
  kind: SensitiveKind;
  rect: FractionRect;
}

/** The size of the image OCR read, and how much it was enlarged from the original (1 when it was not). */
export interface OcrImageSize {
  width: number;
  height: number;
  scale?: number;
}

/** Pixels of the original added around each box: anti-aliased glyph edges fall outside OCR's boxes. */
export const REDACTION_PADDING = 3;
/** The smallest side of an area, so a box OCR gave no width still covers something. */
const MIN_SIDE = 1e-4;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

function toFractions(box: Box, width: number, height: number): FractionRect {
  const x = clamp(box.left / width);
  const y = clamp(box.top / height);
  return {
    x,
    y,
    width: Math.max(MIN_SIDE, clamp((box.left + box.width) / width) - x),
    height: Math.max(MIN_SIDE, clamp((box.top + box.height) / height) - y),
  };
}

/** Proposals in pixels of a `width` x `height` image as fraction areas, one per box, inside the image. */
export function redactionAreas(proposals: readonly RedactionProposal[], width: number, height: number): RedactionArea[] {
  return proposals.flatMap((proposal) => proposal.boxes.map((box) => ({ kind: proposal.kind, rect: toFractions(box, width, height) })));
}

const right = (rect: FractionRect) => rect.x + rect.width;
const bottom = (rect: FractionRect) => rect.y + rect.height;
const size = (rect: FractionRect) => rect.width * rect.height;

function union(a: FractionRect, b: FractionRect): FractionRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(right(a), right(b)) - x, height: Math.max(bottom(a), bottom(b)) - y };
}

/**
 * At most `max` areas, each still covered: while there are more, the two neighbours in reading
 * order whose union adds the least uncovered surface become one area (a screenshot of a log
 * with hundreds of addresses ends up blurred in bands). The merged area keeps the kind of the
 * larger of the two.
 */
export function limitAreas(areas: readonly RedactionArea[], max: number): RedactionArea[] {
  const sorted = [...areas].sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x);
  if (max < 1) throw new RangeError('limitAreas needs room for at least one area');
  const extra = (a: RedactionArea, b: RedactionArea) => size(union(a.rect, b.rect)) - size(a.rect) - size(b.rect);
  while (sorted.length > max) {
    let best = 0;
    let bestCost = Infinity;
    for (let i = 0; i + 1 < sorted.length; i++) {
      const cost = extra(sorted[i]!, sorted[i + 1]!);
      if (cost < bestCost) {
        bestCost = cost;
        best = i;
      }
    }
    const [a, b] = [sorted[best]!, sorted[best + 1]!];
    sorted.splice(best, 2, { kind: size(a.rect) >= size(b.rect) ? a.kind : b.kind, rect: union(a.rect, b.rect) });
  }
  return sorted;
}

/**
 * The areas to blur over every sensitive value in the words OCR read from an image of `image`'s
 * size (enlarged `scale` times from the original, whose pixels the padding is counted in),
 * at most `max` of them.
 */
export function areasToRedact(words: readonly OcrWord[], image: OcrImageSize, max = Infinity): RedactionArea[] {
  const areas = redactionAreas(redactionBoxes(words, REDACTION_PADDING * (image.scale ?? 1)), image.width, image.height);
  return Number.isFinite(max) ? limitAreas(areas, max) : areas;
}
