import { contrastOn, EDIT_FONT_FAMILY, editColorHex, editStrokeSizes, HIGHLIGHT_OPACITY, type EditShape } from '@sopwright/contracts';

type DrawnShape = Exclude<EditShape, { kind: 'redaction' }>;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (value: number) => Math.round(value * 100) / 100;

/**
 * The layer's drawn marks as one SVG the size of the upright original, composited over it
 * (librsvg through sharp). The browser editor draws the same geometry from the same sizes.
 */
export function editOverlaySvg(shapes: readonly EditShape[], width: number, height: number): string | null {
  const drawn = shapes.filter((shape): shape is DrawnShape => shape.kind !== 'redaction');
  if (drawn.length === 0) return null;
  const sizes = editStrokeSizes(width, height);
  const body = drawn.map((shape) => drawShape(shape, width, height, sizes)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function drawShape(shape: DrawnShape, width: number, height: number, sizes: ReturnType<typeof editStrokeSizes>): string {
  const color = editColorHex[shape.color];
  switch (shape.kind) {
    case 'rectangle': {
      const half = sizes.stroke / 2;
      const x = shape.rect.x * width + half;
      const y = shape.rect.y * height + half;
      const w = Math.max(1, shape.rect.width * width - sizes.stroke);
      const h = Math.max(1, shape.rect.height * height - sizes.stroke);
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${sizes.stroke}" fill="none" stroke="${color}" stroke-width="${sizes.stroke}"/>`;
    }
    case 'highlight':
      return `<rect x="${n(shape.rect.x * width)}" y="${n(shape.rect.y * height)}" width="${n(shape.rect.width * width)}" height="${n(shape.rect.height * height)}" fill="${color}" fill-opacity="${HIGHLIGHT_OPACITY}"/>`;
    case 'arrow': {
      const [x1, y1, x2, y2] = [shape.from.x * width, shape.from.y * height, shape.to.x * width, shape.to.y * height];
      const length = Math.hypot(x2 - x1, y2 - y1);
      if (length < 1) return '';
      const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
      const head = Math.min(sizes.arrowHead, length);
      const [bx, by] = [x2 - ux * head, y2 - uy * head];
      const spread = head * 0.45;
      const points = [
        [x2, y2],
        [bx - uy * spread, by + ux * spread],
        [bx + uy * spread, by - ux * spread],
      ];
      return (
        `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(bx)}" y2="${n(by)}" stroke="${color}" stroke-width="${sizes.stroke}" stroke-linecap="round"/>` +
        `<polygon points="${points.map(([x, y]) => `${n(x!)},${n(y!)}`).join(' ')}" fill="${color}"/>`
      );
    }
    case 'marker': {
      const [cx, cy, r] = [shape.at.x * width, shape.at.y * height, sizes.markerRadius];
      return (
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="${color}" stroke="${contrastOn(shape.color)}" stroke-width="${sizes.outline}"/>` +
        `<text x="${n(cx)}" y="${n(cy)}" font-family="${xml(EDIT_FONT_FAMILY)}" font-size="${n(r * 1.1)}" font-weight="700" fill="${contrastOn(shape.color)}" text-anchor="middle" dominant-baseline="central">${shape.number}</text>`
      );
    }
    case 'text':
      return `<text x="${n(shape.at.x * width)}" y="${n(shape.at.y * height)}" font-family="${xml(EDIT_FONT_FAMILY)}" font-size="${sizes.fontSize}" font-weight="600" fill="${color}" stroke="${contrastOn(shape.color)}" stroke-width="${sizes.outline * 2}" paint-order="stroke" dominant-baseline="hanging">${xml(shape.text)}</text>`;
  }
}
