import { EDIT_FONT_FAMILY, HIGHLIGHT_OPACITY, contrastOn, editColorHex, editStrokeSizes } from '@sopwright/contracts/constants';
import type { EditRect, EditShape } from '@sopwright/contracts';
import { useId } from 'react';
import { arrowGeometry, rectangleOutline, redactionBlock, shapeBounds, shapeHandles, toPixelRect, type EditSizes } from './edit-geometry';

interface EditOverlayProps {
  /** The original, drawn again under each redaction to blur or pixelate it. */
  src: string;
  width: number;
  height: number;
  shapes: readonly EditShape[];
  /** A mark being drawn, not yet on the layer. */
  pending?: EditShape | null;
  selected: number | null;
  /** Darkens what the crop leaves out (not while the crop tool shows its own). */
  crop: EditRect | null;
}

/**
 * The layer drawn over the original as the server draws it (redactions first, then the marks
 * in order), in the original's pixels: the SVG's viewBox scales it, strokes included, to the
 * size shown. Decorative for assistive technology: the list of marks names each one.
 */
export function EditOverlay({ src, width, height, shapes, pending, selected, crop }: EditOverlayProps) {
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const sizes = editStrokeSizes(width, height);
  const all = pending ? [...shapes, pending] : shapes;
  const redactions = all.map((shape, index) => ({ shape, index })).filter((entry) => entry.shape.kind === 'redaction');
  const selectedShape = selected !== null ? shapes[selected] : undefined;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-testid="edit-overlay"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', overflow: 'visible' }}
    >
      {redactions.map(({ shape, index }) =>
        shape.kind === 'redaction' ? <Redaction key={`r-${index}`} id={`${prefix}-r${index}`} src={src} width={width} height={height} shape={shape} /> : null,
      )}
      {all.map((shape, index) => (shape.kind === 'redaction' ? null : <Mark key={`m-${index}`} shape={shape} width={width} height={height} sizes={sizes} />))}
      {crop && <CropMask id={`${prefix}-crop`} crop={crop} width={width} height={height} />}
      {selectedShape && <Selection shape={selectedShape} width={width} height={height} sizes={sizes} />}
    </svg>
  );
}

function Redaction({ id, src, width, height, shape }: { id: string; src: string; width: number; height: number; shape: Extract<EditShape, { kind: 'redaction' }> }) {
  const box = toPixelRect(shape.rect, width, height);
  const block = redactionBlock(box);
  const pixelate = shape.style === 'pixelate';
  // Pixelation: a small sample of each block of the softened box, spread over the block, as the
  // server's averaging into blocks and nearest-neighbour enlarging shows it.
  const sample = Math.max(2, block / 6);
  return (
    <g data-redaction={shape.origin}>
      <filter id={id} filterUnits="userSpaceOnUse" primitiveUnits="userSpaceOnUse" x={box.x} y={box.y} width={box.width} height={box.height}>
        <feGaussianBlur stdDeviation={pixelate ? block / 2 : Math.max(3, block * 0.6)} result="soft" />
        {/* The blur's fading edge made opaque again: the colours are the average of the box's own pixels. */}
        <feComponentTransfer in="soft" result="solid">
          <feFuncA type="table" tableValues="1 1" />
        </feComponentTransfer>
        {pixelate && (
          <>
            <feFlood x={box.x + (block - sample) / 2} y={box.y + (block - sample) / 2} width={sample} height={sample} floodColor="#000" />
            <feComposite x={box.x} y={box.y} width={block} height={block} />
            <feTile result="grid" />
            <feComposite in="solid" in2="grid" operator="in" />
            <feMorphology operator="dilate" radius={(block - sample) / 2} />
          </>
        )}
      </filter>
      {/* The box alone goes into the filter (a nested viewport clips the original to it), as the server extracts it: nothing outside bleeds in. */}
      <g filter={`url(#${id})`}>
        <svg x={box.x} y={box.y} width={box.width} height={box.height} overflow="hidden">
          <image href={src} x={-box.x} y={-box.y} width={width} height={height} preserveAspectRatio="none" />
        </svg>
      </g>
    </g>
  );
}

/**
 * Text's font as an inline style, not SVG attributes: the app's CSS reset (`* { font: inherit }`)
 * outranks presentation attributes, and would draw labels in the page's font and size.
 */
const textStyle = (fontSize: number, fontWeight: number) => ({ fontFamily: EDIT_FONT_FAMILY, fontSize: `${fontSize}px`, fontWeight });

function Mark({ shape, width, height, sizes }: { shape: EditShape; width: number; height: number; sizes: EditSizes }) {
  switch (shape.kind) {
    case 'rectangle': {
      const outline = rectangleOutline(shape.rect, width, height, sizes);
      return <rect {...outline} rx={sizes.stroke} fill="none" stroke={editColorHex[shape.color]} strokeWidth={sizes.stroke} />;
    }
    case 'highlight':
      return <rect {...toPixelRect(shape.rect, width, height)} fill={editColorHex[shape.color]} fillOpacity={HIGHLIGHT_OPACITY} />;
    case 'arrow': {
      const arrow = arrowGeometry(shape.from, shape.to, width, height, sizes);
      if (!arrow) return null;
      const color = editColorHex[shape.color];
      return (
        <g>
          <line {...arrow.shaft} stroke={color} strokeWidth={sizes.stroke} strokeLinecap="round" />
          <polygon points={arrow.head.map(([x, y]) => `${x},${y}`).join(' ')} fill={color} />
        </g>
      );
    }
    case 'marker': {
      const [cx, cy, r] = [shape.at.x * width, shape.at.y * height, sizes.markerRadius];
      return (
        <g>
          <circle cx={cx} cy={cy} r={r} fill={editColorHex[shape.color]} stroke={contrastOn(shape.color)} strokeWidth={sizes.outline} />
          <text x={cx} y={cy} style={textStyle(r * 1.1, 700)} fill={contrastOn(shape.color)} textAnchor="middle" dominantBaseline="central">
            {shape.number}
          </text>
        </g>
      );
    }
    case 'text':
      return (
        <text
          x={shape.at.x * width}
          y={shape.at.y * height}
          style={textStyle(sizes.fontSize, 600)}
          fill={editColorHex[shape.color]}
          stroke={contrastOn(shape.color)}
          strokeWidth={sizes.outline * 2}
          paintOrder="stroke"
          dominantBaseline="hanging"
        >
          {shape.text}
        </text>
      );
    default:
      return null;
  }
}

/** What the crop cuts away, dimmed, with the kept part's edge. */
function CropMask({ id, crop, width, height }: { id: string; crop: EditRect; width: number; height: number }) {
  const box = toPixelRect(crop, width, height);
  return (
    <g data-testid="crop-mask">
      <mask id={id}>
        <rect x="0" y="0" width={width} height={height} fill="white" />
        <rect {...box} fill="black" />
      </mask>
      <rect x="0" y="0" width={width} height={height} fill="#000" fillOpacity={0.55} mask={`url(#${id})`} />
      <rect {...box} fill="none" stroke="#fff" strokeWidth={1} vectorEffect="non-scaling-stroke" />
    </g>
  );
}

/** The selected mark's outline (light and dark dashes, seen on any picture) and its drag handles. */
function Selection({ shape, width, height, sizes }: { shape: EditShape; width: number; height: number; sizes: EditSizes }) {
  const bounds = toPixelRect(shapeBounds(shape, width, height), width, height);
  const pad = sizes.stroke * 2;
  const outline = { x: bounds.x - pad, y: bounds.y - pad, width: bounds.width + pad * 2, height: bounds.height + pad * 2 };
  const handleRadius = Math.max(6, sizes.stroke * 2.5);
  return (
    <g data-testid="selection">
      <rect {...outline} fill="none" stroke="#ffffff" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      <rect {...outline} fill="none" stroke="#1d4ed8" strokeWidth={2} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
      {shapeHandles(shape).map(({ handle, at }) => (
        <circle key={handle} cx={at.x * width} cy={at.y * height} r={handleRadius} fill="#ffffff" stroke="#1d4ed8" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      ))}
    </g>
  );
}
