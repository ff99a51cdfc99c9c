import { IMAGE_EDIT_MARKER_MAX, IMAGE_EDIT_MIN_CROP, editStrokeSizes } from '@sopwright/contracts/constants';
import type { EditColor, EditPoint, EditRect, EditShape, RedactionReason } from '@sopwright/contracts';

/**
 * The editor's geometry, all in fractions (0..1) of the upright original as the layer is, and
 * the drawing of each mark in the original's pixels, the same as the server's rendering
 * (services/media's edit overlay): the browser's SVG is that drawing scaled to the screen.
 */

/** What the pointer or the keyboard draws with. `select` picks and moves marks. */
export const drawingTools = ['rectangle', 'arrow', 'highlight', 'marker', 'text', 'blur'] as const;
export type DrawingTool = (typeof drawingTools)[number];
export type Tool = 'select' | 'crop' | DrawingTool;

export const toolLabels: Record<Tool, string> = {
  select: 'Select',
  crop: 'Crop',
  rectangle: 'Rectangle',
  arrow: 'Arrow',
  highlight: 'Highlight',
  marker: 'Marker',
  text: 'Text',
  blur: 'Blur',
};

export const colorLabels: Record<EditColor, string> = { red: 'Red', yellow: 'Yellow', green: 'Green', blue: 'Blue', black: 'Black', white: 'White' };

export const reasonLabels: Record<RedactionReason, string> = {
  manual: 'drawn by hand',
  email: 'email address',
  phone: 'phone number',
  card: 'card number',
  iban: 'IBAN',
  ip: 'IP address',
  secret: 'key or token',
};

/** The smallest box a drag makes; anything smaller was a click. */
export const MIN_MARK = 0.01;
/** How far one arrow key press moves or resizes a mark, and with Ctrl (or ⌘). */
export const NUDGE = 0.01;
export const NUDGE_LARGE = 0.1;

const PRECISION = 1e5;
const round = (value: number) => Math.round(value * PRECISION) / PRECISION;
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const clamp01 = (value: number) => clamp(value, 0, 1);

export function clampPoint(point: EditPoint): EditPoint {
  return { x: round(clamp01(point.x)), y: round(clamp01(point.y)) };
}

/**
 * A box inside the image, at least `min` on each side, rounded so that x + width never passes 1
 * (the server checks that, with almost no slack).
 */
export function clampRect(rect: EditRect, min = MIN_MARK): EditRect {
  const width = round(clamp(rect.width, min, 1));
  const height = round(clamp(rect.height, min, 1));
  const x = round(clamp(rect.x, 0, 1 - width));
  const y = round(clamp(rect.y, 0, 1 - height));
  return { x, y, width: Math.min(width, round(1 - x)), height: Math.min(height, round(1 - y)) };
}

/** The box two corners span, whichever way the drag went, clipped to the image. */
export function rectFromPoints(a: EditPoint, b: EditPoint): EditRect {
  const [p, q] = [clampPoint(a), clampPoint(b)];
  const x = Math.min(p.x, q.x);
  const y = Math.min(p.y, q.y);
  return { x, y, width: round(Math.abs(q.x - p.x)), height: round(Math.abs(q.y - p.y)) };
}

export interface NewMarkOptions {
  color: EditColor;
  text: string;
  /** The marker's number. */
  number: number;
}

const boxShape = (tool: 'rectangle' | 'highlight' | 'blur', rect: EditRect, color: EditColor): EditShape =>
  tool === 'blur' ? { kind: 'redaction', rect, style: 'blur', origin: 'manual', reason: 'manual' } : { kind: tool, rect, color };

/**
 * The mark a drag from `from` to `to` draws with `tool` (a click, for a marker or a label), or
 * null when the drag was too short to mean a box or an arrow.
 */
export function shapeFromDrag(tool: DrawingTool, from: EditPoint, to: EditPoint, options: NewMarkOptions): EditShape | null {
  switch (tool) {
    case 'rectangle':
    case 'highlight':
    case 'blur': {
      const rect = rectFromPoints(from, to);
      return rect.width < MIN_MARK || rect.height < MIN_MARK ? null : boxShape(tool, rect, options.color);
    }
    case 'arrow': {
      const [start, end] = [clampPoint(from), clampPoint(to)];
      return Math.hypot(end.x - start.x, end.y - start.y) < MIN_MARK * 2 ? null : { kind: 'arrow', from: start, to: end, color: options.color };
    }
    case 'marker':
      return { kind: 'marker', at: clampPoint(to), number: options.number, color: options.color };
    case 'text':
      return { kind: 'text', at: clampPoint(to), text: labelText(options.text), color: options.color };
  }
}

/** A label's text as the server takes it: one trimmed line, never empty. */
export function labelText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line === '' ? 'Label' : line;
}

/** The mark the keyboard adds with `tool`: in the middle of the image, a fifth of its size. */
export function defaultShape(tool: DrawingTool, options: NewMarkOptions): EditShape {
  const middle = { x: 0.5, y: 0.5 };
  if (tool === 'arrow') return { kind: 'arrow', from: { x: 0.35, y: 0.35 }, to: middle, color: options.color };
  if (tool === 'marker' || tool === 'text') return shapeFromDrag(tool, middle, middle, options)!;
  return boxShape(tool, { x: 0.4, y: 0.4, width: 0.2, height: 0.2 }, options.color);
}

/** The number the next marker gets: one past the highest, up to the layer's limit. */
export function nextMarkerNumber(shapes: readonly EditShape[]): number {
  const highest = shapes.reduce((max, shape) => (shape.kind === 'marker' ? Math.max(max, shape.number) : max), 0);
  return Math.min(IMAGE_EDIT_MARKER_MAX, highest + 1);
}

function moveRect(rect: EditRect, dx: number, dy: number): EditRect {
  return clampRect({ ...rect, x: clamp(rect.x + dx, 0, 1 - rect.width), y: clamp(rect.y + dy, 0, 1 - rect.height) }, Math.min(rect.width, rect.height, MIN_MARK));
}

/** The mark moved by (dx, dy), stopping at the image's edges (an arrow keeps its shape). */
export function moveShape(shape: EditShape, dx: number, dy: number): EditShape {
  switch (shape.kind) {
    case 'rectangle':
    case 'highlight':
    case 'redaction':
      return { ...shape, rect: moveRect(shape.rect, dx, dy) };
    case 'arrow': {
      const mx = clamp(dx, -Math.min(shape.from.x, shape.to.x), 1 - Math.max(shape.from.x, shape.to.x));
      const my = clamp(dy, -Math.min(shape.from.y, shape.to.y), 1 - Math.max(shape.from.y, shape.to.y));
      return { ...shape, from: clampPoint({ x: shape.from.x + mx, y: shape.from.y + my }), to: clampPoint({ x: shape.to.x + mx, y: shape.to.y + my }) };
    }
    case 'marker':
    case 'text':
      return { ...shape, at: clampPoint({ x: shape.at.x + dx, y: shape.at.y + dy }) };
  }
}

/**
 * The mark resized by (dx, dy): a box's right and bottom edges move, an arrow's tip moves;
 * markers and labels have one size.
 */
export function resizeShape(shape: EditShape, dx: number, dy: number): EditShape {
  switch (shape.kind) {
    case 'rectangle':
    case 'highlight':
    case 'redaction': {
      const { x, y, width, height } = shape.rect;
      return { ...shape, rect: clampRect({ x, y, width: clamp(width + dx, MIN_MARK, 1 - x), height: clamp(height + dy, MIN_MARK, 1 - y) }) };
    }
    case 'arrow':
      return { ...shape, to: clampPoint({ x: shape.to.x + dx, y: shape.to.y + dy }) };
    default:
      return shape;
  }
}

/** Which part of a mark a pointer drags: all of it, a box's corner, or an arrow's end. */
export type DragHandle = 'move' | 'corner' | 'from' | 'to';

/** The mark after a pointer dragged its `handle` from where the drag began (`start` is the mark then). */
export function dragShape(start: EditShape, handle: DragHandle, dx: number, dy: number): EditShape {
  if (handle === 'move') return moveShape(start, dx, dy);
  if (start.kind === 'arrow') {
    const end = handle === 'from' ? 'from' : 'to';
    return { ...start, [end]: clampPoint({ x: start[end].x + dx, y: start[end].y + dy }) };
  }
  if (start.kind === 'rectangle' || start.kind === 'highlight' || start.kind === 'redaction') {
    // The corner goes where the pointer goes; dragged past the opposite corner, the box flips.
    const { x, y, width, height } = start.rect;
    const rect = rectFromPoints({ x, y }, { x: x + width + dx, y: y + height + dy });
    return { ...start, rect: clampRect(rect) };
  }
  return moveShape(start, dx, dy);
}

/** What an arrow key (with Shift to resize, Ctrl or ⌘ for big steps) does to the selected mark, or null for another key. */
export function keyboardChange(key: string, modifiers: { shift: boolean; large: boolean }): { action: 'move' | 'resize'; dx: number; dy: number } | null {
  const step = modifiers.large ? NUDGE_LARGE : NUDGE;
  const direction: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const found = direction[key];
  if (!found) return null;
  return { action: modifiers.shift ? 'resize' : 'move', dx: found[0] * step, dy: found[1] * step };
}

export function applyKeyboardChange(shape: EditShape, change: { action: 'move' | 'resize'; dx: number; dy: number }): EditShape {
  return change.action === 'move' ? moveShape(shape, change.dx, change.dy) : resizeShape(shape, change.dx, change.dy);
}

/** How a mark is named in the list of marks and to screen readers (`n` counts from 1). */
export function shapeLabel(shape: EditShape, n: number): string {
  switch (shape.kind) {
    case 'rectangle':
      return `Rectangle ${n}, ${colorLabels[shape.color].toLowerCase()}`;
    case 'highlight':
      return `Highlight ${n}, ${colorLabels[shape.color].toLowerCase()}`;
    case 'arrow':
      return `Arrow ${n}, ${colorLabels[shape.color].toLowerCase()}`;
    case 'marker':
      return `Marker ${shape.number}, ${colorLabels[shape.color].toLowerCase()}`;
    case 'text':
      return `Text “${shape.text}”, ${colorLabels[shape.color].toLowerCase()}`;
    case 'redaction': {
      const what = shape.style === 'pixelate' ? 'Pixelated' : 'Blur';
      return shape.origin === 'auto' ? `${what} ${n}, ${reasonLabels[shape.reason]} found automatically` : `${what} ${n}`;
    }
  }
}

/** The colour a mark is drawn in, or null for a redaction. */
export const shapeColor = (shape: EditShape): EditColor | null => (shape.kind === 'redaction' ? null : shape.color);

/** The mark in another colour (a redaction has none). */
export const recolor = (shape: EditShape, color: EditColor): EditShape => (shape.kind === 'redaction' ? shape : { ...shape, color });

/** The crop in percentages, as the crop tool (react-image-crop) holds it; the whole image for none. */
export interface PercentCrop {
  unit: '%';
  x: number;
  y: number;
  width: number;
  height: number;
}

export function percentFromCrop(crop: EditRect | null): PercentCrop {
  const rect = crop ?? { x: 0, y: 0, width: 1, height: 1 };
  return { unit: '%', x: rect.x * 100, y: rect.y * 100, width: rect.width * 100, height: rect.height * 100 };
}

/** The crop tool's box as the layer's crop: null when it keeps (almost) all of the image. */
export function cropFromPercent(crop: { x: number; y: number; width: number; height: number }): EditRect | null {
  const rect = clampRect({ x: crop.x / 100, y: crop.y / 100, width: crop.width / 100, height: crop.height / 100 }, IMAGE_EDIT_MIN_CROP);
  const whole = rect.x < 0.001 && rect.y < 0.001 && rect.width > 0.999 && rect.height > 0.999;
  return whole ? null : rect;
}

/** A box automatic redaction proposed is already on the layer when one covers the same place. */
function sameRect(a: EditRect, b: EditRect, tolerance = 0.002): boolean {
  return Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance && Math.abs(a.width - b.width) <= tolerance && Math.abs(a.height - b.height) <= tolerance;
}

/** The proposals not already on the layer (asking twice adds nothing twice). */
export function newProposals(shapes: readonly EditShape[], proposals: readonly EditShape[]): EditShape[] {
  const boxes = shapes.filter((shape) => shape.kind === 'redaction').map((shape) => shape.rect);
  return proposals.filter((proposal) => proposal.kind === 'redaction' && !boxes.some((box) => sameRect(box, proposal.rect)));
}

// ---- Drawing: the server's overlay geometry, in the original's pixels -----------------------

export type EditSizes = ReturnType<typeof editStrokeSizes>;
export { editStrokeSizes };

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const toPixelRect = (rect: EditRect, width: number, height: number): PixelRect => ({
  x: rect.x * width,
  y: rect.y * height,
  width: rect.width * width,
  height: rect.height * height,
});

/** A rectangle's outline, inset by half a stroke so it stays inside its box. */
export function rectangleOutline(rect: EditRect, width: number, height: number, sizes: EditSizes): PixelRect {
  const half = sizes.stroke / 2;
  return {
    x: rect.x * width + half,
    y: rect.y * height + half,
    width: Math.max(1, rect.width * width - sizes.stroke),
    height: Math.max(1, rect.height * height - sizes.stroke),
  };
}

/** An arrow's shaft (ending at the head's base) and its head's three corners, or null when too short to draw. */
export function arrowGeometry(from: EditPoint, to: EditPoint, width: number, height: number, sizes: EditSizes) {
  const [x1, y1, x2, y2] = [from.x * width, from.y * height, to.x * width, to.y * height];
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length < 1) return null;
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const head = Math.min(sizes.arrowHead, length);
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const spread = head * 0.45;
  const points: [number, number][] = [
    [x2, y2],
    [bx - uy * spread, by + ux * spread],
    [bx + uy * spread, by - ux * spread],
  ];
  return { shaft: { x1, y1, x2: bx, y2: by }, head: points };
}

/** The block size the server averages a redacted region into (its pixelation and blur strength). */
export function redactionBlock(box: PixelRect): number {
  return Math.max(6, Math.ceil(Math.max(box.width, box.height) / 12), Math.ceil(box.height / 2));
}

/** About how wide a label is drawn: for selecting and outlining it, not for drawing. */
const labelWidth = (text: string, sizes: EditSizes) => Math.max(sizes.fontSize, text.length * sizes.fontSize * 0.6);

/** The box a mark covers, in fractions: where a click picks it and its selection outline goes. */
export function shapeBounds(shape: EditShape, width: number, height: number): EditRect {
  const sizes = editStrokeSizes(width, height);
  switch (shape.kind) {
    case 'rectangle':
    case 'highlight':
    case 'redaction':
      return shape.rect;
    case 'arrow': {
      const x = Math.min(shape.from.x, shape.to.x);
      const y = Math.min(shape.from.y, shape.to.y);
      return { x, y, width: Math.abs(shape.to.x - shape.from.x), height: Math.abs(shape.to.y - shape.from.y) };
    }
    case 'marker': {
      const [rx, ry] = [sizes.markerRadius / width, sizes.markerRadius / height];
      return { x: shape.at.x - rx, y: shape.at.y - ry, width: rx * 2, height: ry * 2 };
    }
    case 'text':
      return { x: shape.at.x, y: shape.at.y, width: labelWidth(shape.text, sizes) / width, height: (sizes.fontSize * 1.2) / height };
  }
}

function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0, 1);
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The topmost mark under `point` (its index), or null. `slack` is how near counts, in the
 * original's pixels: a thin arrow or outline is hard to hit exactly.
 */
export function hitTest(shapes: readonly EditShape[], point: EditPoint, width: number, height: number, slack: number): number | null {
  const p = { x: point.x * width, y: point.y * height };
  for (let index = shapes.length - 1; index >= 0; index--) {
    const shape = shapes[index]!;
    if (shape.kind === 'arrow') {
      const a = { x: shape.from.x * width, y: shape.from.y * height };
      const b = { x: shape.to.x * width, y: shape.to.y * height };
      if (distanceToSegment(p, a, b) <= slack + editStrokeSizes(width, height).stroke) return index;
      continue;
    }
    const box = toPixelRect(shapeBounds(shape, width, height), width, height);
    if (p.x >= box.x - slack && p.x <= box.x + box.width + slack && p.y >= box.y - slack && p.y <= box.y + box.height + slack) return index;
  }
  return null;
}

/** Where a selected mark's drag handles are, in fractions. */
export function shapeHandles(shape: EditShape): { handle: Exclude<DragHandle, 'move'>; at: EditPoint }[] {
  if (shape.kind === 'arrow') {
    return [
      { handle: 'from', at: shape.from },
      { handle: 'to', at: shape.to },
    ];
  }
  if (shape.kind === 'rectangle' || shape.kind === 'highlight' || shape.kind === 'redaction') {
    return [{ handle: 'corner', at: { x: shape.rect.x + shape.rect.width, y: shape.rect.y + shape.rect.height } }];
  }
  return [];
}

/** The handle of `shape` under `point` (within `slack` pixels of the original), or null. */
export function handleAt(shape: EditShape, point: EditPoint, width: number, height: number, slack: number): Exclude<DragHandle, 'move'> | null {
  const found = shapeHandles(shape).find(({ at }) => Math.hypot((at.x - point.x) * width, (at.y - point.y) * height) <= slack);
  return found?.handle ?? null;
}
