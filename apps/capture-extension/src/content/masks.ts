import type { CssBox, Size } from '../shared/geometry';
import type { Mask } from '../shared/messages';

/**
 * What to paint over in a screenshot so no typed value shows in it: the inside of every text
 * field with something in it (password fields whatever they hold, so not even a length shows),
 * text areas, content-editable regions the user typed into, and frames the extension cannot
 * see into (another site's payment form, say). Walks same-origin frames and open shadow roots.
 */

const textTypes = new Set(['text', 'email', 'number', 'tel', 'url', 'search', 'password', 'date', 'datetime-local', 'time', 'month', 'week', '']);
const FALLBACK = '#ffffff';

function fill(style: CSSStyleDeclaration): string {
  const color = style.backgroundColor;
  return !color || color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color) ? FALLBACK : color;
}

const visible = (box: CssBox, viewport: Size) => box.width > 0 && box.height > 0 && box.x < viewport.width && box.y < viewport.height && box.x + box.width > 0 && box.y + box.height > 0;

function needsMask(element: Element, typedInto: WeakSet<Element>): boolean {
  if (element.tagName === 'INPUT') {
    const input = element as HTMLInputElement;
    const type = input.type.toLowerCase();
    return textTypes.has(type) && (type === 'password' || input.value !== '');
  }
  if (element.tagName === 'TEXTAREA') return (element as HTMLTextAreaElement).value !== '';
  return (element as HTMLElement).isContentEditable && typedInto.has(element);
}

/** Every element under `root`, through open shadow roots. */
function* allElements(root: Document | ShadowRoot): Generator<Element> {
  const doc = root.nodeType === 9 ? (root as Document) : (root as ShadowRoot).ownerDocument!;
  const walker = doc.createTreeWalker(root, 1);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as Element;
    yield element;
    const shadow = (element as HTMLElement).shadowRoot;
    if (shadow) yield* allElements(shadow);
  }
}

export function masksOf(doc: Document, typedInto: WeakSet<Element>, viewport: Size, offset = { x: 0, y: 0 }, depth = 0): Mask[] {
  const view = doc.defaultView;
  if (!view || depth > 5) return [];
  const masks: Mask[] = [];
  for (const element of allElements(doc)) {
    const tag = element.tagName;
    if (tag === 'IFRAME' || tag === 'FRAME') {
      const frame = element as HTMLIFrameElement;
      const rect = frame.getBoundingClientRect();
      const inner = { x: offset.x + rect.x + frame.clientLeft, y: offset.y + rect.y + frame.clientTop, width: frame.clientWidth, height: frame.clientHeight };
      if (!visible(inner, viewport)) continue;
      let child: Document | null = null;
      try {
        child = frame.contentDocument;
      } catch {
        child = null;
      }
      if (child) masks.push(...masksOf(child, typedInto, viewport, inner, depth + 1));
      else masks.push({ ...inner, color: '#e5e7eb' });
      continue;
    }
    if (!needsMask(element, typedInto)) continue;
    const rect = element.getBoundingClientRect();
    // Inside the border, so the field's outline still shows where it is.
    const style = view.getComputedStyle(element);
    const [top, right, bottom, left] = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map((width) => parseFloat(width) || 0) as [number, number, number, number];
    const box = { x: offset.x + rect.x + left, y: offset.y + rect.y + top, width: rect.width - left - right, height: rect.height - top - bottom };
    if (visible(box, viewport)) masks.push({ ...box, color: fill(style) });
  }
  return masks;
}
