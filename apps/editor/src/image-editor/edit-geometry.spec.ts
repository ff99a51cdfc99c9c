import { imageEditSchema } from '@sopwright/contracts';
import type { EditShape } from '@sopwright/contracts';
import {
  applyKeyboardChange,
  arrowGeometry,
  clampRect,
  cropFromPercent,
  defaultShape,
  dragShape,
  editStrokeSizes,
  handleAt,
  hitTest,
  keyboardChange,
  labelText,
  moveShape,
  newProposals,
  nextMarkerNumber,
  percentFromCrop,
  rectangleOutline,
  rectFromPoints,
  redactionBlock,
  resizeShape,
  shapeBounds,
  shapeFromDrag,
  shapeLabel,
} from './edit-geometry';

const options = { color: 'red' as const, text: 'Click here', number: 3 };
/** The server's schema accepts the layer (what the editor makes, it can save). */
const valid = (...shapes: EditShape[]) => imageEditSchema.safeParse({ crop: null, shapes }).success;

describe('drawing with the pointer', () => {
  it('spans a box between two corners whichever way the drag went, clipped to the image', () => {
    expect(rectFromPoints({ x: 0.6, y: 0.7 }, { x: 0.2, y: 0.1 })).toEqual({ x: 0.2, y: 0.1, width: 0.4, height: 0.6 });
    expect(rectFromPoints({ x: 0.8, y: 0.8 }, { x: 1.4, y: -0.2 })).toEqual({ x: 0.8, y: 0, width: 0.2, height: 0.8 });
  });

  it('makes each tool its mark, and a click makes no box or arrow', () => {
    const from = { x: 0.1, y: 0.2 };
    const to = { x: 0.5, y: 0.6 };
    expect(shapeFromDrag('rectangle', from, to, options)).toEqual({ kind: 'rectangle', rect: { x: 0.1, y: 0.2, width: 0.4, height: 0.4 }, color: 'red' });
    expect(shapeFromDrag('highlight', from, to, options)).toMatchObject({ kind: 'highlight', color: 'red' });
    expect(shapeFromDrag('blur', from, to, options)).toEqual({ kind: 'redaction', rect: { x: 0.1, y: 0.2, width: 0.4, height: 0.4 }, style: 'blur', origin: 'manual', reason: 'manual' });
    expect(shapeFromDrag('arrow', from, to, options)).toEqual({ kind: 'arrow', from, to, color: 'red' });
    expect(shapeFromDrag('marker', from, to, options)).toEqual({ kind: 'marker', at: to, number: 3, color: 'red' });
    expect(shapeFromDrag('text', from, to, options)).toEqual({ kind: 'text', at: to, text: 'Click here', color: 'red' });
    for (const tool of ['rectangle', 'highlight', 'blur', 'arrow'] as const) expect(shapeFromDrag(tool, from, { x: 0.102, y: 0.203 }, options)).toBeNull();
  });

  it('makes marks the server accepts, even dragged past the edges', () => {
    const shapes = (['rectangle', 'highlight', 'blur', 'arrow', 'marker', 'text'] as const).map((tool) => shapeFromDrag(tool, { x: 0.333333333, y: -0.5 }, { x: 1.7, y: 0.999999999 }, options)!);
    expect(valid(...shapes)).toBe(true);
  });

  it('gives a label text the server takes: one trimmed line, never empty', () => {
    expect(labelText('  Save\nhere\t ')).toBe('Save here');
    expect(labelText('   ')).toBe('Label');
  });

  it('adds a keyboard mark in the middle of the image', () => {
    expect(defaultShape('rectangle', options)).toEqual({ kind: 'rectangle', rect: { x: 0.4, y: 0.4, width: 0.2, height: 0.2 }, color: 'red' });
    expect(defaultShape('marker', options)).toMatchObject({ at: { x: 0.5, y: 0.5 } });
    expect(defaultShape('arrow', options)).toMatchObject({ to: { x: 0.5, y: 0.5 } });
    expect(defaultShape('blur', options)).toMatchObject({ kind: 'redaction', origin: 'manual' });
  });

  it('numbers markers one past the highest, up to 99', () => {
    expect(nextMarkerNumber([])).toBe(1);
    expect(nextMarkerNumber([{ kind: 'marker', at: { x: 0, y: 0 }, number: 4, color: 'red' }, defaultShape('rectangle', options)])).toBe(5);
    expect(nextMarkerNumber([{ kind: 'marker', at: { x: 0, y: 0 }, number: 99, color: 'red' }])).toBe(99);
  });
});

describe('moving and resizing', () => {
  const box: EditShape = { kind: 'rectangle', rect: { x: 0.7, y: 0.1, width: 0.2, height: 0.3 }, color: 'blue' };
  const arrow: EditShape = { kind: 'arrow', from: { x: 0.1, y: 0.1 }, to: { x: 0.3, y: 0.5 }, color: 'red' };

  it('moves a box and stops it at the edges without shrinking it', () => {
    expect(moveShape(box, -0.1, 0.1)).toMatchObject({ rect: { x: 0.6, y: 0.2, width: 0.2, height: 0.3 } });
    expect(moveShape(box, 0.5, -0.5)).toMatchObject({ rect: { x: 0.8, y: 0, width: 0.2, height: 0.3 } });
  });

  it('moves an arrow whole, keeping its shape at an edge', () => {
    const moved = moveShape(arrow, -0.5, 0.1) as Extract<EditShape, { kind: 'arrow' }>;
    expect(moved.from).toEqual({ x: 0, y: 0.2 });
    expect(moved.to).toEqual({ x: 0.2, y: 0.6 });
  });

  it('moves a marker or a label to the edge and no further', () => {
    expect(moveShape({ kind: 'marker', at: { x: 0.95, y: 0.5 }, number: 1, color: 'red' }, 0.2, 0)).toMatchObject({ at: { x: 1, y: 0.5 } });
  });

  it("resizes a box from its bottom right, never below the smallest mark, and moves an arrow's tip", () => {
    expect(resizeShape(box, 0.05, -0.1)).toMatchObject({ rect: { x: 0.7, y: 0.1, width: 0.25, height: 0.2 } });
    expect(resizeShape(box, 0.5, -1)).toMatchObject({ rect: { x: 0.7, y: 0.1, width: 0.3, height: 0.01 } });
    expect(resizeShape(arrow, 0.1, 0)).toMatchObject({ from: { x: 0.1, y: 0.1 }, to: { x: 0.4, y: 0.5 } });
    const marker: EditShape = { kind: 'marker', at: { x: 0.5, y: 0.5 }, number: 1, color: 'red' };
    expect(resizeShape(marker, 0.1, 0.1)).toBe(marker);
  });

  it('drags a corner (flipping past the other one) or an arrow end', () => {
    expect(dragShape(box, 'corner', -0.3, 0)).toMatchObject({ rect: { x: 0.6, y: 0.1, width: 0.1, height: 0.3 } });
    expect(dragShape(arrow, 'from', 0.1, 0.1)).toMatchObject({ from: { x: 0.2, y: 0.2 }, to: { x: 0.3, y: 0.5 } });
    expect(dragShape(arrow, 'move', 0.1, 0)).toMatchObject({ from: { x: 0.2, y: 0.1 }, to: { x: 0.4, y: 0.5 } });
  });

  it('reads arrow keys: move, Shift to resize, Ctrl for big steps; other keys are not its', () => {
    expect(keyboardChange('ArrowLeft', { shift: false, large: false })).toEqual({ action: 'move', dx: -0.01, dy: 0 });
    expect(keyboardChange('ArrowDown', { shift: true, large: true })).toEqual({ action: 'resize', dx: 0, dy: 0.1 });
    expect(keyboardChange('a', { shift: false, large: false })).toBeNull();
    const nudged = applyKeyboardChange(box, keyboardChange('ArrowUp', { shift: false, large: false })!);
    expect(nudged).toMatchObject({ rect: { x: 0.7, y: 0.09 } });
  });

  it('keeps every moved or resized mark valid for the server', () => {
    const marks: EditShape[] = [box, arrow, defaultShape('blur', options), defaultShape('text', options), defaultShape('marker', options)];
    for (const mark of marks) {
      let shape = mark;
      for (const [dx, dy] of [
        [0.37, 0.91],
        [-2, 0.3],
        [0.123456789, -0.987654321],
      ] as const) {
        shape = resizeShape(moveShape(shape, dx, dy), dx, dy);
        expect(valid(shape)).toBe(true);
      }
    }
  });
});

describe('crop', () => {
  it("turns the crop tool's percentages into the layer's crop, and the whole image into none", () => {
    expect(cropFromPercent({ x: 10, y: 20, width: 50, height: 40 })).toEqual({ x: 0.1, y: 0.2, width: 0.5, height: 0.4 });
    expect(cropFromPercent({ x: 0, y: 0, width: 100, height: 100 })).toBeNull();
    expect(cropFromPercent({ x: 0.01, y: 0, width: 99.99, height: 100 })).toBeNull();
    expect(percentFromCrop(null)).toEqual({ unit: '%', x: 0, y: 0, width: 100, height: 100 });
    expect(percentFromCrop({ x: 0.1, y: 0.2, width: 0.5, height: 0.4 })).toEqual({ unit: '%', x: 10, y: 20, width: 50, height: 40 });
  });

  it('keeps at least the smallest crop the server takes, inside the image', () => {
    const crop = cropFromPercent({ x: 99.5, y: 10, width: 0.4, height: 30 })!;
    expect(crop.width).toBeGreaterThanOrEqual(0.02);
    expect(crop.x + crop.width).toBeLessThanOrEqual(1);
    expect(imageEditSchema.safeParse({ crop, shapes: [] }).success).toBe(true);
  });

  it('rounds a box so it never passes the edge', () => {
    const rect = clampRect({ x: 0.7000004, y: 0, width: 0.3000004, height: 1 });
    expect(rect.x + rect.width).toBeLessThanOrEqual(1.000001);
  });
});

describe('automatic redaction proposals', () => {
  const proposal = (x: number): EditShape => ({ kind: 'redaction', rect: { x, y: 0.1, width: 0.2, height: 0.05 }, style: 'blur', origin: 'auto', reason: 'email' });

  it('adds only the boxes not already on the layer', () => {
    const existing = [proposal(0.1), defaultShape('rectangle', options)];
    expect(newProposals(existing, [proposal(0.1005), proposal(0.5)])).toEqual([proposal(0.5)]);
    expect(newProposals([], [proposal(0.1), defaultShape('arrow', options)])).toEqual([proposal(0.1)]);
  });

  it('names each proposal with what was found', () => {
    expect(shapeLabel(proposal(0.1), 2)).toBe('Blur 2, email address found automatically');
    expect(shapeLabel(defaultShape('blur', options), 1)).toBe('Blur 1');
    expect(shapeLabel(defaultShape('text', options), 4)).toBe('Text “Click here”, red');
    expect(shapeLabel(defaultShape('marker', options), 4)).toBe('Marker 3, red');
  });
});

describe("the server's drawing, in the original's pixels", () => {
  const [width, height] = [1280, 720];
  const sizes = editStrokeSizes(width, height);

  it("insets a rectangle's outline by half a stroke", () => {
    expect(sizes.stroke).toBe(5);
    expect(rectangleOutline({ x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, width, height, sizes)).toEqual({ x: 130.5, y: 74.5, width: 635, height: 355 });
  });

  it('ends the shaft at the base of a head whose tip is the arrow’s end', () => {
    const arrow = arrowGeometry({ x: 0, y: 0.5 }, { x: 0.5, y: 0.5 }, width, height, sizes)!;
    expect(arrow.head[0]).toEqual([640, 360]);
    expect(arrow.shaft.x2).toBeCloseTo(640 - sizes.arrowHead);
    expect(arrow.head[1]![1] - arrow.head[2]![1]).toBeCloseTo(sizes.arrowHead * 0.9);
    expect(arrowGeometry({ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }, width, height, sizes)).toBeNull();
  });

  it("blocks a redaction as the server's pixelation does", () => {
    expect(redactionBlock({ x: 0, y: 0, width: 40, height: 8 })).toBe(6);
    expect(redactionBlock({ x: 0, y: 0, width: 240, height: 30 })).toBe(20);
  });
});

describe('picking marks', () => {
  const [width, height] = [1000, 500];
  const shapes: EditShape[] = [
    { kind: 'highlight', rect: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, color: 'yellow' },
    { kind: 'rectangle', rect: { x: 0.2, y: 0.2, width: 0.1, height: 0.1 }, color: 'red' },
    { kind: 'arrow', from: { x: 0.7, y: 0.1 }, to: { x: 0.9, y: 0.1 }, color: 'red' },
  ];

  it('picks the topmost mark under the pointer, an arrow near its line, or none', () => {
    expect(hitTest(shapes, { x: 0.25, y: 0.25 }, width, height, 5)).toBe(1);
    expect(hitTest(shapes, { x: 0.5, y: 0.5 }, width, height, 5)).toBe(0);
    expect(hitTest(shapes, { x: 0.8, y: 0.11 }, width, height, 5)).toBe(2);
    expect(hitTest(shapes, { x: 0.8, y: 0.3 }, width, height, 5)).toBeNull();
  });

  it("finds a box's corner handle and an arrow's ends", () => {
    expect(handleAt(shapes[1]!, { x: 0.301, y: 0.3 }, width, height, 5)).toBe('corner');
    expect(handleAt(shapes[2]!, { x: 0.9, y: 0.1 }, width, height, 5)).toBe('to');
    expect(handleAt(shapes[2]!, { x: 0.8, y: 0.1 }, width, height, 5)).toBeNull();
  });

  it("bounds a label by its text's length and a marker by its circle", () => {
    const label = shapeBounds({ kind: 'text', at: { x: 0.1, y: 0.1 }, text: 'abcd', color: 'red' }, width, height);
    expect(label.x).toBe(0.1);
    expect(label.width).toBeGreaterThan(0);
    const marker = shapeBounds({ kind: 'marker', at: { x: 0.5, y: 0.5 }, number: 1, color: 'red' }, width, height);
    expect(marker.x + marker.width / 2).toBeCloseTo(0.5);
  });
});
