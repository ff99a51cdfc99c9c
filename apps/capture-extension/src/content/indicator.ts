/**
 * The small "Recording" badge in the page's corner while a recording runs, in a closed shadow
 * root so the page's styles cannot reach it. It takes no clicks (pointer-events: none), so it
 * is never recorded, and it is hidden while a screenshot is taken.
 */
export interface Indicator {
  show(state: 'recording' | 'paused'): void;
  remove(): void;
  /** Hidden until `reveal` (or 3 s); answers once the page has painted without it. Hiding again while hidden waits for the same paint. */
  hideForCapture(): Promise<void>;
  reveal(): void;
}

const css = `
:host { all: initial; }
.badge {
  position: fixed; top: 8px; right: 8px; z-index: 2147483647; pointer-events: none;
  display: flex; align-items: center; gap: 6px; padding: 4px 10px 4px 8px;
  font: 600 12px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #ffffff;
  background: #1f2937; border-radius: 999px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.35); opacity: 0.92;
}
.dot { width: 8px; height: 8px; border-radius: 50%; background: #f87171; }
.paused .dot { background: #fbbf24; }
@media (prefers-reduced-motion: no-preference) {
  .recording .dot { animation: pulse 1.6s ease-in-out infinite; }
  @keyframes pulse { 50% { opacity: 0.35; } }
}
`;

/** Two animation frames (the style change painted), or 100 ms in a tab that paints nothing. */
const painted = (view: Window) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    view.requestAnimationFrame(() =>
      view.requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });

export function createIndicator(doc: Document): Indicator {
  let host: HTMLElement | null = null;
  let badge: HTMLElement | null = null;
  let label: HTMLElement | null = null;
  /** While hidden for a screenshot: resolves once the page has painted without the badge. */
  let hidden: Promise<void> | null = null;
  let revealTimer: ReturnType<typeof setTimeout> | undefined;

  const ensure = () => {
    if (host?.isConnected) return;
    host = doc.createElement('sopwright-capture-indicator');
    const shadow = host.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = css;
    badge = doc.createElement('div');
    badge.setAttribute('role', 'status');
    const dot = doc.createElement('span');
    dot.className = 'dot';
    label = doc.createElement('span');
    badge.append(dot, label);
    shadow.append(style, badge);
    (doc.body ?? doc.documentElement).append(host);
  };

  return {
    show(state) {
      ensure();
      badge!.className = `badge ${state}`;
      label!.textContent = state === 'recording' ? 'Sopwright is recording' : 'Sopwright recording paused';
      // Shown during a screenshot only once it is taken.
      host!.style.display = hidden ? 'none' : '';
    },
    remove() {
      host?.remove();
      host = null;
    },
    hideForCapture() {
      // Never left hidden: a capture that does not answer shows it again after a while.
      clearTimeout(revealTimer);
      revealTimer = setTimeout(() => {
        hidden = null;
        if (host) host.style.display = '';
      }, 3000);
      if (!hidden) {
        // Hidden even before it is first shown: a screenshot may be under way as recording starts.
        const shown = host?.isConnected === true && host.style.display !== 'none';
        if (host) host.style.display = 'none';
        hidden = shown ? painted(doc.defaultView!) : Promise.resolve();
      }
      return hidden;
    },
    reveal() {
      clearTimeout(revealTimer);
      hidden = null;
      if (host) host.style.display = '';
    },
  };
}
