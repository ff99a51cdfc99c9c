import type { CaptureNavigationKind } from '@sopwright/contracts/constants';
import type { CssBox } from '../shared/geometry';
import type { BackgroundMessage, BeforeCaptureAnswer, ContentMessage, HelloAnswer, RawPage, ReportedEvent } from '../shared/messages';
import { describeTarget, inputTypeOf, selectedLabel, valueOf } from './describe';
import { createIndicator, type Indicator } from './indicator';
import { masksOf } from './masks';

/**
 * The content script, injected by the background into every frame it may see of a recorded tab
 * (chrome.scripting, on Start and after each page load). It reports clicks, typing (the value
 * only for the review's opt-in, never from a password or card field), choices in lists,
 * checkboxes and page changes; the background takes the screenshots. Nothing here leaves the
 * browser.
 */

declare global {
  interface Window {
    __sopwrightCapture?: boolean;
  }
}

const isTop = window === window.top;
let recording = false;
let paused = false;
const indicator: Indicator | null = isTop ? createIndicator(document) : null;
/** Content-editable regions typed into, painted over in screenshots. */
const typedInto = new WeakSet<Element>();
/** The field typed into and not reported yet (reported when the user leaves it). */
let dirty: Element | null = null;
/** The last press's early screenshot, which the click it begins uses. */
let lastPrepare: { id: string; element: Element; at: number } | null = null;
let prepareCount = 0;

const active = () => recording && !paused;

function send(message: ContentMessage): Promise<unknown> {
  try {
    return chrome.runtime.sendMessage(message).catch(() => undefined);
  } catch {
    // The extension was reloaded or removed: this copy of the script is orphaned.
    recording = false;
    indicator?.remove();
    return Promise.resolve(undefined);
  }
}

function page(): RawPage {
  // A frame's events belong to the page the user sees: the top page when this frame may read it.
  let doc: Document = document;
  try {
    if (!isTop && window.top?.document) doc = window.top.document;
  } catch {
    doc = document;
  }
  return { title: doc.title, url: doc.location?.href ?? location.href };
}

function navigationKind(): CaptureNavigationKind {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  switch (entry?.type) {
    case 'reload':
      return 'reload';
    case 'back_forward':
      return 'history';
    case 'navigate':
      return 'link';
    default:
      return 'other';
  }
}

/** The element's box in the top viewport's CSS pixels, or null inside a frame of another site. */
function boxOf(element: Element): CssBox | null {
  const rect = element.getBoundingClientRect();
  let x = rect.x;
  let y = rect.y;
  let view: Window | null = element.ownerDocument.defaultView;
  while (view && view !== view.top) {
    let frame: Element | null;
    try {
      frame = view.frameElement;
    } catch {
      frame = null;
    }
    if (!frame) return null;
    const outer = frame.getBoundingClientRect();
    x += outer.x + frame.clientLeft;
    y += outer.y + frame.clientTop;
    view = view.parent;
  }
  return { x, y, width: rect.width, height: rect.height };
}

const actionableTags = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY', 'LABEL', 'OPTION']);
const actionableRoles = new Set([
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
  'combobox',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
]);

function isActionable(element: Element): boolean {
  if (element.tagName === 'A') return element.hasAttribute('href') || element.hasAttribute('role');
  if (actionableTags.has(element.tagName)) return true;
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (role && actionableRoles.has(role)) return true;
  return (element as HTMLElement).isContentEditable && element.getAttribute('contenteditable') !== null;
}

/** What a pointer event acted on: through shadow roots (composedPath), the nearest control, else something styled clickable. */
function actionTarget(event: Event): Element | null {
  const path = event.composedPath().filter((node): node is Element => node instanceof Element || (node as Node).nodeType === 1);
  const control = path.find(isActionable);
  if (control) return control;
  for (const element of path.slice(0, 6)) {
    const view = element.ownerDocument.defaultView;
    if (view && view.getComputedStyle(element).cursor === 'pointer') return element;
  }
  return null;
}

/** Clicks reported another way: checkboxes and radios by their change, lists by the choice, labels by their control. */
function reportedElsewhere(element: Element): boolean {
  const type = inputTypeOf(element);
  if (type === 'checkbox' || type === 'radio' || type === 'select') return true;
  if (element.tagName === 'OPTION' && element.closest('select')) return true;
  if (element.tagName === 'LABEL' && (element as HTMLLabelElement).control) return true;
  return false;
}

function freshPrepare(element: Element): string | undefined {
  if (!lastPrepare || Date.now() - lastPrepare.at > 1500) return undefined;
  const prepared = lastPrepare.element;
  return prepared === element || prepared.contains(element) || element.contains(prepared) || (prepared.tagName === 'LABEL' && (prepared as HTMLLabelElement).control === element) ? lastPrepare.id : undefined;
}

function report(event: ReportedEvent, element: Element, prepared?: string): Promise<unknown> {
  return send({ type: 'event', event, page: page(), at: Date.now(), box: boxOf(element), ...(prepared ? { prepared } : {}) });
}

/** Reports typing in `element` once, with its value for the review's opt-in (never a secret field's). */
function flush(element: Element, prepared?: string): Promise<unknown> {
  if (dirty !== element) return Promise.resolve();
  dirty = null;
  if (!element.isConnected) return Promise.resolve();
  const value = valueOf(element);
  return report({ kind: 'input', target: describeTarget(element), ...(value !== undefined ? { value } : {}) }, element, prepared);
}

function prepare(element: Element): string {
  prepareCount += 1;
  const id = `${Date.now()}-${prepareCount}`;
  lastPrepare = { id, element, at: Date.now() };
  void send({ type: 'prepare', id });
  return id;
}

function onPointerDown(event: PointerEvent): void {
  if (!active() || !event.isTrusted || event.button !== 0) return;
  const element = actionTarget(event);
  if (!element) return;
  // The screenshot is taken now, before a link or a button changes the page; the badge starts hiding at once.
  void indicator?.hideForCapture();
  const id = prepare(element);
  // Typing is reported before the click that ends it, with the same screenshot.
  if (dirty && dirty !== element) void flush(dirty, id);
}

function onKeyDown(event: KeyboardEvent): void {
  if (!active() || !event.isTrusted) return;
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const element = event.composedPath()[0] as Element | undefined;
  if (!element || !(element instanceof Element || (element as Node).nodeType === 1)) return;
  if (event.key === 'Enter' && dirty === element && element.tagName === 'INPUT') {
    // Enter in a field may send its form: report the typing first, with a screenshot from now.
    void flush(element, prepare(element));
    return;
  }
  if (isActionable(element) && (event.key === 'Enter' || element.tagName !== 'INPUT')) prepare(element);
}

function onClick(event: MouseEvent): void {
  if (!active() || !event.isTrusted) return;
  const element = actionTarget(event);
  if (!element || reportedElsewhere(element)) return;
  const prepared = freshPrepare(element);
  const role = element.getAttribute('role');
  if (role === 'checkbox' || role === 'switch' || role === 'radio' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
    // A custom checkbox: its state once the page's own handler has run.
    setTimeout(() => {
      const state = element.getAttribute('aria-checked');
      void report({ kind: 'click', target: describeTarget(element), ...(state === 'true' || state === 'false' ? { checked: state === 'true' } : {}) }, element, prepared);
    }, 0);
    return;
  }
  void report({ kind: 'click', target: describeTarget(element) }, element, prepared);
}

function onInput(event: Event): void {
  if (!active() || !event.isTrusted) return;
  const element = event.composedPath()[0] as Element | undefined;
  if (!element || element.nodeType !== 1) return;
  const type = inputTypeOf(element);
  if (!type || type === 'checkbox' || type === 'radio' || type === 'select' || type === 'file' || type === 'range' || type === 'color') return;
  if (type === 'contenteditable') typedInto.add(element);
  if (dirty && dirty !== element) void flush(dirty);
  dirty = element;
}

function onChange(event: Event): void {
  if (!active() || !event.isTrusted) return;
  const element = event.composedPath()[0] as Element | undefined;
  if (!element || element.nodeType !== 1) return;
  const type = inputTypeOf(element);
  if (type === 'checkbox' || type === 'radio') {
    const checked = (element as HTMLInputElement).checked;
    void report({ kind: 'click', target: describeTarget(element), checked }, element, freshPrepare(element));
  } else if (type === 'select') {
    void report({ kind: 'select', target: describeTarget(element), selected: selectedLabel(element as HTMLSelectElement) }, element, freshPrepare(element));
  } else if (type === 'file') {
    void report({ kind: 'input', target: describeTarget(element) }, element);
  } else if (type === 'range' || type === 'color') {
    // A slider or a colour (their input events are every step of a drag): reported once set.
    dirty = element;
    void flush(element);
  } else if (type && dirty === element) {
    // Typed text or a date, committed: reported unless a press elsewhere already did.
    void flush(element);
  }
}

function onFocusOut(event: FocusEvent): void {
  const element = event.composedPath()[0] as Element | undefined;
  if (active() && element && dirty === element) void flush(element);
}

function onPageHide(): void {
  if (active() && dirty) void flush(dirty);
}

/** Pages that change their address without loading (single-page apps). */
function watchAddress(): void {
  let last = location.href;
  const check = () => {
    if (location.href === last) return;
    last = location.href;
    // The new title usually follows the address.
    setTimeout(() => {
      if (recording) void send({ type: 'page-changed', page: page() });
    }, 300);
  };
  setInterval(check, 1000);
  window.addEventListener('popstate', check);
  window.addEventListener('hashchange', check);
}

/** Frames added later (a dialog's iframe, say) get the recorder too: the background injects into every frame again. */
function watchFrames(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (recording) void send({ type: 'new-frames' });
    }, 300);
  };
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes)) {
        if (node.nodeType !== 1) continue;
        const frames = (node as Element).tagName === 'IFRAME' ? [node as Element] : Array.from((node as Element).querySelectorAll('iframe'));
        for (const frame of frames) frame.addEventListener('load', ask, { once: true });
      }
  }).observe(document, { childList: true, subtree: true });
}

function applyState(next: { recording: boolean; paused: boolean }): void {
  recording = next.recording;
  paused = next.paused;
  if (!isTop) return;
  if (!recording) {
    indicator?.remove();
    return;
  }
  indicator?.show(paused ? 'paused' : 'recording');
}

function onMessage(message: unknown, _sender: chrome.runtime.MessageSender, reply: (answer?: unknown) => void): boolean | undefined {
  const request = message as BackgroundMessage;
  switch (request.type) {
    case 'state':
      applyState(request);
      reply(true);
      return undefined;
    case 'ping':
      reply(true);
      return undefined;
    case 'flush':
      // Answered once the background has the typing.
      void (active() && dirty ? flush(dirty) : Promise.resolve()).then(() => reply(true));
      return true;
    case 'page-info':
      reply(page());
      return undefined;
    case 'before-capture': {
      if (!isTop) return undefined;
      void (async () => {
        await indicator?.hideForCapture();
        const viewport = { width: window.innerWidth, height: window.innerHeight };
        const answer: BeforeCaptureAnswer = { viewport, devicePixelRatio: window.devicePixelRatio, masks: masksOf(document, typedInto, viewport) };
        reply(answer);
      })();
      return true;
    }
    case 'after-capture':
      indicator?.reveal();
      reply(true);
      return undefined;
    default:
      return undefined;
  }
}

async function main(): Promise<void> {
  chrome.runtime.onMessage.addListener(onMessage);
  const options = { capture: true, passive: true };
  document.addEventListener('pointerdown', onPointerDown, options);
  document.addEventListener('keydown', onKeyDown, options);
  document.addEventListener('click', onClick, options);
  document.addEventListener('input', onInput, options);
  document.addEventListener('change', onChange, options);
  document.addEventListener('focusout', onFocusOut, options);
  window.addEventListener('pagehide', onPageHide);
  if (isTop) {
    watchAddress();
    watchFrames();
  }
  const answer = (await send({ type: 'hello', page: page(), top: isTop, navigation: navigationKind() })) as HelloAnswer | undefined;
  if (answer) applyState(answer);
}

if (!window.__sopwrightCapture) {
  window.__sopwrightCapture = true;
  void main();
}
