import type { Page } from 'playwright-core';

/** What has focus, as a keyboard user would need to know it: which control, and can they see it. */
export interface FocusInfo {
  /** `<body>` (or nothing) has focus: the keyboard user has lost their place. */
  isBody: boolean;
  tag: string;
  role: string;
  /** The accessible name, roughly: aria-labelledby, aria-label, the label, else the text. */
  name: string;
  tabindex: string | null;
  /** Matches `:focus-visible`, so the browser treats the focus as one to show. */
  focusVisible: boolean;
  /** Computed `outline` and `box-shadow` of the focused element. */
  outline: string;
  boxShadow: string;
  /** It draws an outline or a box shadow now that it has focus. */
  indicator: boolean;
  /** Some of it is inside the viewport. */
  onScreen: boolean;
  /** Where it sits: its tag and up to four ancestors, with ids. */
  path: string;
}

/** `button "Save"`, `h1 "Your SOPs" [tabindex=-1]`, `<body>`. */
export function describeFocus(info: FocusInfo): string {
  if (info.isBody) return '<body>';
  return `${info.role || info.tag} "${info.name}"${info.tabindex !== null ? ` [tabindex=${info.tabindex}]` : ''}`;
}

export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    if (!el || el === document.body || el === document.documentElement) {
      return { isBody: true, tag: 'body', role: '', name: '', tabindex: null, focusVisible: false, outline: '', boxShadow: '', indicator: false, onScreen: false, path: 'body' };
    }
    const tag = el.tagName.toLowerCase();
    const implicitRole = (): string => {
      if (tag === 'a' && el.hasAttribute('href')) return 'link';
      if (tag === 'button') return 'button';
      if (tag === 'textarea') return 'textbox';
      if (tag === 'select') return 'combobox';
      if (tag === 'main') return 'main';
      if (/^h[1-6]$/.test(tag)) return 'heading';
      if (tag === 'input') {
        const type = (el as HTMLInputElement).type;
        if (type === 'search') return 'searchbox';
        if (['checkbox', 'radio', 'button', 'submit', 'file', 'range'].includes(type)) return type === 'submit' ? 'button' : type;
        return 'textbox';
      }
      return '';
    };
    const name = (): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy) return squash(labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
      const label = el.getAttribute('aria-label');
      if (label) return squash(label);
      const labels = (el as HTMLInputElement).labels;
      if (labels && labels.length > 0) return squash(Array.from(labels, (l) => l.textContent).join(' '));
      if (tag === 'input' || tag === 'textarea') return squash((el as HTMLInputElement).placeholder || el.title);
      return squash(el.textContent || el.title);
    };
    const style = getComputedStyle(el);
    const transparent = (colour: string) => /^transparent$|rgba\([^)]*,\s*0\)$/.test(colour.trim());
    const outlineShown = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    // A shadow counts if one of its layers has a colour and some size.
    const shadowShown =
      style.boxShadow !== 'none' &&
      style.boxShadow.split(/,(?![^(]*\))/).some((layer) => {
        const colour = /rgba?\([^)]*\)/.exec(layer)?.[0] ?? 'rgb(0, 0, 0)';
        const sizes = layer.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? [];
        return !transparent(colour) && sizes.some((size) => parseFloat(size) !== 0);
      });
    const rect = el.getBoundingClientRect();
    const onScreen = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
    const path: string[] = [];
    for (let node: Element | null = el; node && node !== document.body && path.length < 5; node = node.parentElement) {
      path.unshift(node.tagName.toLowerCase() + (node.id ? `#${node.id}` : ''));
    }
    return {
      isBody: false,
      tag,
      role: el.getAttribute('role') ?? implicitRole(),
      name: name(),
      tabindex: el.getAttribute('tabindex'),
      focusVisible: el.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      indicator: outlineShown || shadowShown,
      onScreen,
      path: path.join(' > '),
    };
  });
}

export type FocusMatch = (info: FocusInfo) => boolean;

/** A control by role and name (exact, or a pattern). */
export const control = (role: string, name: string | RegExp): FocusMatch => (info) =>
  !info.isBody && info.role === role && (typeof name === 'string' ? info.name === name : name.test(info.name));

/**
 * Presses Tab (or Shift+Tab) until `match` has focus, as a keyboard user would, and returns it.
 * Throws, listing every stop it passed, if `match` is not reached in `maxPresses`.
 */
export async function tabTo(page: Page, match: FocusMatch, what: string, options: { backwards?: boolean; maxPresses?: number } = {}): Promise<FocusInfo> {
  const visited: string[] = [];
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (options.maxPresses ?? 50); i++) {
    await page.keyboard.press(key);
    const info = await focusInfo(page);
    if (match(info)) return info;
    visited.push(describeFocus(info));
  }
  throw new Error(`${what} was not reached with ${key} in ${visited.length} presses; focus went: ${visited.join(' → ')}`);
}

/** Tabs forwards to `match`, or if it is not ahead of focus, backwards. */
export async function reach(page: Page, match: FocusMatch, what: string): Promise<FocusInfo> {
  try {
    return await tabTo(page, match, what, { maxPresses: 40 });
  } catch (forwards) {
    try {
      return await tabTo(page, match, what, { backwards: true, maxPresses: 80 });
    } catch (backwards) {
      throw new Error(`${(forwards as Error).message}\n${(backwards as Error).message}`);
    }
  }
}

/** Waits up to `timeoutMs` for focus to satisfy `match` (focus moves after a render); returns where it is. */
export async function focusSettlesOn(page: Page, match: FocusMatch, timeoutMs = 2000): Promise<FocusInfo> {
  const deadline = Date.now() + timeoutMs;
  let info = await focusInfo(page);
  while (!match(info) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    info = await focusInfo(page);
  }
  return info;
}
