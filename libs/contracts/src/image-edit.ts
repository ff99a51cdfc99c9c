/**
 * A step image's edit layer: data, not pixels. The original stays as it was; the server
 * draws the layer onto it (see the media service's flattening) and only that rendering ever
 * leaves the owner. Zod-free so the browser editor draws with the same geometry; the
 * schema that validates it is `imageEditSchema` in http/image-edits.
 *
 * Every coordinate is a fraction (0..1) of the upright original, so a layer fits any
 * rendition of the image. Redactions are applied first, then the other shapes are drawn
 * over them in order, then the crop cuts the result.
 */

export interface EditPoint {
  x: number;
  y: number;
}

export interface EditRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const editColors = ['red', 'yellow', 'green', 'blue', 'black', 'white'] as const;
export type EditColor = (typeof editColors)[number];

/** Strong enough on light and dark screenshots; the browser editor shows the same values. */
export const editColorHex: Record<EditColor, string> = {
  red: '#e11d48',
  yellow: '#facc15',
  green: '#16a34a',
  blue: '#2563eb',
  black: '#111827',
  white: '#ffffff',
};

/** What automatic redaction found under a box (libs/redaction's kinds), or `manual`. */
export const redactionReasons = ['manual', 'email', 'phone', 'card', 'iban', 'ip', 'secret'] as const;
export type RedactionReason = (typeof redactionReasons)[number];

export type EditShape =
  /** An outline (stroke, rounded corners of one stroke's radius). */
  | { kind: 'rectangle'; rect: EditRect; color: EditColor }
  /** A translucent fill (opacity HIGHLIGHT_OPACITY), no outline. */
  | { kind: 'highlight'; rect: EditRect; color: EditColor }
  /** A line from `from` with a filled head whose tip is at `to`. */
  | { kind: 'arrow'; from: EditPoint; to: EditPoint; color: EditColor }
  /** A filled circle centred on `at` with its number in the contrasting colour. */
  | { kind: 'marker'; at: EditPoint; number: number; color: EditColor }
  /** One line of text whose top-left corner is `at`, outlined in the contrasting colour. */
  | { kind: 'text'; at: EditPoint; text: string; color: EditColor }
  /** Blurred or pixelated beyond reading. `origin: 'auto'` boxes were proposed by automatic redaction. */
  | { kind: 'redaction'; rect: EditRect; style: 'blur' | 'pixelate'; origin: 'auto' | 'manual'; reason: RedactionReason };

export type EditShapeKind = EditShape['kind'];

/**
 * A box automatic redaction found (libs/redaction's areas: a kind and a fraction rect), as a
 * shape of an edit layer: blurred, marked automatic. Media's proposals and the generation
 * worker's redactions are made with it.
 */
export const autoRedactionShape = (area: { kind: Exclude<RedactionReason, 'manual'>; rect: EditRect }): EditShape => ({
  kind: 'redaction',
  rect: { x: area.rect.x, y: area.rect.y, width: area.rect.width, height: area.rect.height },
  style: 'blur',
  origin: 'auto',
  reason: area.kind,
});

export interface ImageEdit {
  /** The part of the image kept, or null for all of it. */
  crop: EditRect | null;
  shapes: EditShape[];
}

export const emptyImageEdit = (): ImageEdit => ({ crop: null, shapes: [] });

export const HIGHLIGHT_OPACITY = 0.35;
export const EDIT_FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export const IMAGE_EDIT_MAX_SHAPES = 100;
export const IMAGE_EDIT_TEXT_MAX = 80;
export const IMAGE_EDIT_MARKER_MAX = 99;
/** A crop smaller than this fraction of either side would keep almost nothing. */
export const IMAGE_EDIT_MIN_CROP = 0.02;

/**
 * Sizes in pixels of an image `width` x `height` (the upright original): the same on the
 * server's rendering and in the browser, which scales them with the image it shows.
 */
export function editStrokeSizes(width: number, height: number) {
  const base = Math.max(width, height);
  const stroke = Math.max(2, Math.round(base * 0.004));
  return {
    stroke,
    arrowHead: stroke * 4.5,
    markerRadius: Math.max(10, Math.round(base * 0.014)),
    fontSize: Math.max(12, Math.round(base * 0.016)),
    /** Text and markers get a contrasting outline so they read on any background. */
    outline: Math.max(1, Math.round(stroke / 2)),
  };
}

/** The colour that reads on top of a fill of `color` (markers' numbers, labels' outline). */
export const contrastOn = (color: EditColor): string => (color === 'yellow' || color === 'white' ? '#111827' : '#ffffff');

/** A layer that changes nothing: the image serves as it is. */
export const isEmptyImageEdit = (edit: ImageEdit): boolean => edit.crop === null && edit.shapes.length === 0;
