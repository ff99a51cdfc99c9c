/**
 * An element's accessible name, after the W3C "Accessible Name and Description Computation"
 * in the order that matters for recorded steps: aria-labelledby, aria-label, the field's
 * <label> (for= or wrapping), a button's or link's text (alt text of images inside it
 * included), alt, title, placeholder. Works inside shadow roots (ids are looked up in the
 * element's own root) and never reads what a user typed: fields inside a label or a button
 * add nothing to its text.
 */

const nameFromContentRoles = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'treeitem',
  'heading',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'tooltip',
]);

const skippedTags = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'INPUT', 'SELECT', 'TEXTAREA', 'svg', 'SVG']);
const blockTags = /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|BR|DD|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SECTION|TABLE|TD|TH|TR|UL)$/;

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

function isHidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return true;
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const style = view.getComputedStyle(element);
  return style.display === 'none' || style.visibility === 'hidden';
}

function byId(element: Element, id: string): Element | null {
  const root = element.getRootNode() as Document | ShadowRoot;
  return typeof root.getElementById === 'function' ? root.getElementById(id) : element.ownerDocument.getElementById(id);
}

/** The text an element's content gives, with the names of images and labelled children. */
export function textOf(node: Node, depth = 0): string {
  if (depth > 30) return '';
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1 && node.nodeType !== 11) return '';
  const parts: string[] = [];
  if (node.nodeType === 1) {
    const element = node as Element;
    if (skippedTags.has(element.tagName) || isHidden(element)) {
      // An svg's <title> names an icon button.
      if (element.tagName.toLowerCase() === 'svg') return flat(element.getAttribute('aria-label') ?? element.querySelector('title')?.textContent ?? '');
      return '';
    }
    const label = element.getAttribute('aria-label');
    if (label?.trim()) return ` ${label} `;
    if (element.tagName === 'IMG' || element.tagName === 'AREA') return ` ${element.getAttribute('alt') ?? ''} `;
    if (element.tagName === 'SLOT') {
      const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
      return (assigned.length ? assigned : Array.from(element.childNodes)).map((child) => textOf(child, depth + 1)).join('');
    }
    const shadow = (element as HTMLElement).shadowRoot;
    if (shadow) return textOf(shadow, depth + 1);
  }
  for (const child of Array.from(node.childNodes)) parts.push(textOf(child, depth + 1));
  const text = parts.join('');
  return node.nodeType === 1 && blockTags.test((node as Element).tagName) ? ` ${text} ` : text;
}

function labelledBy(element: Element): string {
  const ids = element.getAttribute('aria-labelledby');
  if (!ids) return '';
  return flat(
    ids
      .split(/\s+/)
      .map((id) => byId(element, id))
      .filter((target): target is Element => target !== null)
      .map((target) => flat(target.getAttribute('aria-label') ?? '') || flat(textOf(target)))
      .join(' '),
  );
}

/** The text of a field's <label> elements, without the field itself. */
function labelText(element: Element): string {
  const labels = (element as HTMLInputElement).labels;
  if (!labels || labels.length === 0) return '';
  return flat(Array.from(labels, (label) => textOf(label)).join(' '));
}

const isField = (element: Element) => element.tagName === 'INPUT' || element.tagName === 'SELECT' || element.tagName === 'TEXTAREA';

/** The implicit or explicit role, used only to know whether a name comes from the content. */
function roleAttribute(element: Element): string | null {
  return element.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase() ?? null;
}

export function accessibleName(element: Element): string {
  const fromLabelledBy = labelledBy(element);
  if (fromLabelledBy) return fromLabelledBy;
  const ariaLabel = flat(element.getAttribute('aria-label') ?? '');
  if (ariaLabel) return ariaLabel;

  const tag = element.tagName;
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    const type = input.type.toLowerCase();
    if (type === 'button' || type === 'submit' || type === 'reset') {
      // A button's value is its caption, set by the page, not typed by the user.
      const caption = flat(input.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      if (caption) return caption;
    }
    if (type === 'image') return flat(input.alt) || flat(input.value) || flat(input.title) || 'Submit';
  }
  if (isField(element)) {
    const fromLabel = labelText(element);
    if (fromLabel) return fromLabel;
  }
  if (tag === 'IMG' || tag === 'AREA') {
    const alt = flat(element.getAttribute('alt') ?? '');
    if (alt) return alt;
  }
  if (tag === 'FIELDSET') {
    const legend = element.querySelector(':scope > legend');
    if (legend) return flat(textOf(legend));
  }
  const role = roleAttribute(element);
  const fromContent =
    (role && nameFromContentRoles.has(role)) ||
    (!role && (tag === 'A' || tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'OPTION' || tag === 'LABEL' || tag === 'LEGEND' || /^H[1-6]$/.test(tag) || tag === 'TD' || tag === 'TH' || tag === 'LI'));
  if (fromContent) {
    const text = flat(textOf(element));
    if (text) return text;
  }
  const title = flat(element.getAttribute('title') ?? '');
  if (title) return title;
  const placeholder = flat(element.getAttribute('placeholder') ?? element.getAttribute('aria-placeholder') ?? '');
  if (placeholder) return placeholder;
  // A link or button whose only content is an image without alt: its address's last part says something.
  if (tag === 'A') {
    const href = element.getAttribute('href') ?? '';
    const last = href.split(/[?#]/)[0]!.split('/').filter(Boolean).pop();
    if (last && !/^(javascript:|mailto:)/i.test(href)) return flat(decodeURIComponentSafe(last).replace(/[-_]+/g, ' ').replace(/\.\w+$/, ''));
  }
  return '';
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
