import { toMaskBox, type Size } from '../shared/geometry';
import type { BackgroundMessage, BeforeCaptureAnswer } from '../shared/messages';
import { dataUrlBytes, pngSize } from '../shared/png';

/** A screenshot of a tab's visible part, typed values painted over. */
export interface Shot {
  blob: Blob;
  width: number;
  height: number;
  /** The viewport in CSS pixels when it was taken, to place boxes measured in CSS pixels. */
  viewport: Size;
  devicePixelRatio: number;
}

/** Chromium allows two captureVisibleTab calls a second: calls a little more than half a second apart stay inside it. */
export const CAPTURE_GAP_MS = 520;
/** A screenshot of the same page this recent may stand in for one that came too late. */
export const REUSE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise.catch(() => null), sleep(ms).then(() => null)]);
}

/** Paints each mask over the screenshot, so no typed value (nor a password's length) shows. */
async function paintMasks(bytes: Uint8Array, size: Size, answer: BeforeCaptureAnswer): Promise<Blob> {
  const original = new Blob([bytes as BlobPart], { type: 'image/png' });
  const image = await createImageBitmap(original);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  image.close();
  for (const mask of answer.masks) {
    const box = toMaskBox(mask, answer.viewport, size);
    if (!box) continue;
    context.fillStyle = mask.color;
    context.fillRect(box.x, box.y, box.width, box.height);
  }
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Which page a screenshot is for: a tab, and the document (page load) an event happened in when known. */
export interface ShotTarget {
  tabId: number;
  documentId?: string;
}

/**
 * Takes screenshots one at a time, at most two a second. A request for a page whose
 * screenshot is queued and not yet taken shares it (events in quick succession get one
 * screenshot). Before each, the page hides its recording badge and says what to paint over;
 * the question goes to the document the event happened in, so a page that has since been left
 * (a link followed while the screenshot waited its turn) is never photographed in its place:
 * that event gets the page's last screenshot if it is recent, else none. A page that does not
 * answer gets no screenshot, so nothing unmasked is ever kept.
 */
export class Capturer {
  private lastCall = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly queued = new Map<string, Promise<Shot | null>>();
  private readonly recent = new Map<string, { shot: Shot; at: number }>();

  request(target: ShotTarget): Promise<Shot | null> {
    const key = `${target.tabId}/${target.documentId ?? ''}`;
    const waiting = this.queued.get(key);
    if (waiting) return waiting;
    const shot = this.chain.then(() => this.take(target, key)).catch(() => null);
    this.queued.set(key, shot);
    this.chain = shot;
    return shot.then((taken) => taken ?? this.reuse(key));
  }

  private reuse(key: string): Shot | null {
    const recent = this.recent.get(key);
    return recent && Date.now() - recent.at <= REUSE_MS ? recent.shot : null;
  }

  private async take(target: ShotTarget, key: string): Promise<Shot | null> {
    this.queued.delete(key);
    const wait = this.lastCall + CAPTURE_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    const tab = await chrome.tabs.get(target.tabId).catch(() => null);
    // captureVisibleTab shows what its window shows: only the tab in front can be taken.
    if (!tab?.active) return null;
    const options = target.documentId ? { documentId: target.documentId } : { frameId: 0 };
    const ask = (message: BackgroundMessage) => chrome.tabs.sendMessage(target.tabId, message, options);
    const answer = await within(ask({ type: 'before-capture' }) as Promise<BeforeCaptureAnswer>, 1000);
    if (!answer?.viewport) return null;
    let dataUrl: string | null = null;
    try {
      this.lastCall = Date.now();
      dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' }).catch(async (error: unknown) => {
        // Over the quota after all (another extension took one): once more, a second later.
        if (!/quota/i.test(String(error))) throw error;
        await sleep(1000);
        this.lastCall = Date.now();
        return chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
      });
    } catch {
      dataUrl = null;
    } finally {
      void ask({ type: 'after-capture' }).catch(() => undefined);
    }
    if (!dataUrl) return null;
    const bytes = dataUrlBytes(dataUrl);
    const size = pngSize(bytes);
    if (!size) return null;
    const blob = answer.masks.length ? await paintMasks(bytes, size, answer) : new Blob([bytes as BlobPart], { type: 'image/png' });
    const shot = { blob, ...size, viewport: answer.viewport, devicePixelRatio: answer.devicePixelRatio };
    this.recent.set(key, { shot, at: Date.now() });
    for (const [old, { at }] of this.recent) if (Date.now() - at > REUSE_MS) this.recent.delete(old);
    return shot;
  }
}
