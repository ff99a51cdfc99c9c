import { MAIN_CONTENT_ID } from './SkipLink';

/**
 * Moves focus to the page's main heading once it is on screen, so a screen reader announces
 * the new page and the next Tab starts from its content. Remote pages render after their code
 * loads, so it waits for the heading (up to `timeoutMs`); `moveFocus` false only reports it.
 * Returns a cancel function.
 */
export function focusMainHeading(onFound: (heading: HTMLElement) => void = () => undefined, moveFocus = true, timeoutMs = 8000): () => void {
  let cancelled = false;
  const started = Date.now();
  // A heading marked data-pending stands in while the page loads; the real one is awaited.
  const find = () => document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1:not([data-pending])`);
  const attempt = () => {
    if (cancelled) return;
    const heading = find();
    if (!heading) {
      if (Date.now() - started < timeoutMs) window.setTimeout(attempt, 50);
      return;
    }
    // Someone already moved focus into the page (a field that autofocuses): leave it there.
    const active = document.activeElement;
    const focusMoved = active && active !== document.body && document.getElementById(MAIN_CONTENT_ID)?.contains(active);
    if (moveFocus && !focusMoved) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    onFound(heading);
  };
  attempt();
  return () => {
    cancelled = true;
  };
}
