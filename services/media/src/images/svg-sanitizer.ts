import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const purify = createDOMPurify(new JSDOM('').window);

const linkAttributes = new Set(['href', 'xlink:href', 'src']);
/** A url(...) that points anywhere but a fragment of this document, or an import. */
const externalCssPattern = /@import|url\s*\(\s*['"]?\s*(?!#)|image-set\s*\(|expression\s*\(/i;

/**
 * CSS as the browser reads it: escapes decoded (`@\69mport`, `u\72l(` are `@import`, `url(`)
 * and comments removed, so a reference cannot hide from the pattern.
 */
function cssAsRead(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff)))
    .replace(/\\\r?\n/g, '')
    .replace(/\\(.)/g, '$1');
}

const externalCssReference = { test: (css: string) => externalCssPattern.test(css) || externalCssPattern.test(cssAsRead(css)) };

// Only references inside the document survive: no links, images or fonts fetched from elsewhere.
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const value = data.attrValue.trim();
  if (linkAttributes.has(data.attrName) && !value.startsWith('#')) data.keepAttr = false;
  if (externalCssReference.test(value)) data.keepAttr = false;
});
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && externalCssReference.test(node.textContent ?? '')) node.parentNode?.removeChild(node);
});

/**
 * Scripts, event handlers, foreign content and external references are removed; shapes,
 * gradients and styles that stay inside the document are kept, so logos look the same.
 * Returns null when nothing that is still an SVG remains.
 */
export function sanitizeSvg(svg: string): string | null {
  const clean = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject'],
  });
  return /^<svg[\s>]/i.test(clean.trim()) ? clean : null;
}
