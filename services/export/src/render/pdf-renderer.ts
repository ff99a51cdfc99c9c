import { createHash } from 'node:crypto';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { exportFontStack } from './font-stack';

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

/**
 * "Page n of m" at the foot of every page, in Chromium's page margin boxes. (Its
 * header/footer templates, displayHeaderFooter, cost a render about 10-15 ms more.)
 */
export const pageFooterCss = `@page { @bottom-center { content: "Page " counter(page) " of " counter(pages); font-family: ${exportFontStack}; font-size: 8px; color: #6b7280; vertical-align: bottom; padding-bottom: 5mm; } }`;

/** A4 with the document's own margins (its @page rule) and backgrounds. */
export const pdfOptions = { format: 'A4', printBackground: true, preferCSSPageSize: true } as const;

/** The HTML with the page footer's style added to its head. */
export function withPageFooter(html: string): string {
  const style = `<style>${pageFooterCss}</style>`;
  const head = html.search(/<\/head>/i);
  return head === -1 ? `${style}${html}` : `${html.slice(0, head)}${style}${html.slice(head)}`;
}

/**
 * Where a printed document's images are: the page asks for them there and the renderer
 * answers from memory (DevTools' Fetch domain). The domain is reserved (`.invalid`), and the
 * page stays offline: no other request leaves it.
 */
export const printImageOrigin = 'https://print-image.invalid';

/** An image the printed document shows, answered when the page asks for its URL. */
export interface PrintImage {
  contentType: string;
  bytes: Buffer;
}

const digests = new WeakMap<Buffer, string>();

/**
 * The URL a printed document names an image by: its bytes' SHA-256, so one URL is only ever
 * the same bytes, whoever's image and whichever export it is. A page keeps the images it
 * was given (Chromium's cache, as for any immutable resource: some 10-20 MB of them per page)
 * and does not receive or load them again for the next document that shows them: the bench's
 * 20-step SOP with 10 images prints in about 60 ms again against 90 ms the first time. The
 * first time costs what inline data: URIs did. (Worked out once per buffer: the worker's image
 * cache answers the same buffer each time.)
 */
export function printImageUrl(bytes: Buffer): string {
  let digest = digests.get(bytes);
  if (!digest) {
    digest = createHash('sha256').update(bytes).digest('hex');
    digests.set(bytes, digest);
  }
  return `${printImageOrigin}/${digest}`;
}

/** A page of the pool and the DevTools session that loads documents into it. */
interface PooledPage {
  page: Page;
  devtools: CDPSession;
  frameId: string;
  /** The images of the document being printed, by URL (none between renders). */
  images: ReadonlyMap<string, PrintImage>;
}

const noImages: ReadonlyMap<string, PrintImage> = new Map();

/** What the pool reports as it works (metrics). */
export interface PagePoolObserver {
  /** A render waited this long (seconds; 0 when a page was idle) for a page. */
  pageWaited?(seconds: number): void;
  /** A page that failed was closed and a new one opened in its place. */
  pageReplaced?(): void;
}

/**
 * Prints HTML to PDF with one Chromium kept running and a pool of warm pages, so a
 * request never pays for a browser launch. At most `size` renders run at once; pages
 * have JavaScript off and no network: the HTML embeds everything it shows, or names images
 * by printImageUrl, which the renderer answers itself from the images given with it. The HTML
 * goes to the page as DevTools' Page.setDocumentContent (what page.setContent does, without
 * passing the document, images inline, through a script: about 20 ms less for 600 KB of images).
 */
export class PdfRenderer {
  private browser: Browser | undefined;
  private readonly idle: PooledPage[] = [];
  private readonly waiting: ((page: PooledPage) => void)[] = [];
  private open = 0;

  constructor(
    private readonly executablePath: string,
    readonly size: number,
    private readonly timeoutMs: number,
    private readonly observer: PagePoolObserver = {},
  ) {}

  /** Pages open (idle or rendering): `size`, unless replacing a failed one did not work. */
  get openPages(): number {
    return this.open;
  }

  /** Warm pages free right now. */
  get idlePages(): number {
    return this.idle.length;
  }

  /** Renders waiting for a page right now. */
  get waitingRenders(): number {
    return this.waiting.length;
  }

  async start(): Promise<void> {
    this.browser = await chromium.launch({ executablePath: this.executablePath, args: launchArgs });
    for (let i = 0; i < this.size; i++) this.idle.push(await this.newPage());
  }

  /** Prints `html`; the images it names by printImageUrl are answered from `images`. */
  async render(html: string, images: ReadonlyMap<string, PrintImage> = noImages): Promise<Buffer> {
    const pooled = await this.acquire();
    let healthy = true;
    pooled.images = images;
    try {
      await withTimeout(load(pooled, withPageFooter(html)), this.timeoutMs, 'Loading the document to print took too long');
      return await withTimeout(pooled.page.pdf(pdfOptions), this.timeoutMs, 'Printing the PDF took too long');
    } catch (error) {
      healthy = false;
      throw error;
    } finally {
      pooled.images = noImages;
      // A replacement that cannot open (Chromium stopping) leaves the pool a page short, as openPages says.
      void this.release(pooled, healthy).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    await this.browser?.close();
  }

  get isConnected(): boolean {
    return this.browser?.isConnected() ?? false;
  }

  private async newPage(): Promise<PooledPage> {
    const context = await this.browser!.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    const { frameTree } = await devtools.send('Page.getFrameTree');
    await devtools.send('Page.enable');
    await devtools.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const pooled: PooledPage = { page, devtools, frameId: frameTree.frame.id, images: noImages };
    devtools.on('Fetch.requestPaused', (request) => answerImageRequest(pooled, request));
    await devtools.send('Fetch.enable', { patterns: [{ urlPattern: `${printImageOrigin}/*`, requestStage: 'Request' }] });
    this.open++;
    return pooled;
  }

  private acquire(): Promise<PooledPage> {
    const page = this.idle.pop();
    if (page) {
      this.observer.pageWaited?.(0);
      return Promise.resolve(page);
    }
    const started = performance.now();
    return new Promise((resolve) =>
      this.waiting.push((next) => {
        this.observer.pageWaited?.((performance.now() - started) / 1000);
        resolve(next);
      }),
    );
  }

  /** A page that failed is replaced, so one bad render cannot poison the pool. */
  private async release(pooled: PooledPage, healthy: boolean): Promise<void> {
    let next = pooled;
    if (!healthy || pooled.page.isClosed()) {
      this.open--;
      await pooled.page.context().close().catch(() => undefined);
      next = await this.newPage();
      this.observer.pageReplaced?.();
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(next);
    else this.idle.push(next);
  }
}

/**
 * Answers the page's request for an image of the document it prints, from the images given
 * with it; any other URL of the origin fails. Immutable, as its URL names its bytes.
 */
function answerImageRequest({ devtools, images }: PooledPage, { requestId, request }: { requestId: string; request: { url: string } }): void {
  const image = images.get(request.url);
  const answered = image
    ? devtools.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 200,
        responseHeaders: [
          { name: 'Content-Type', value: image.contentType },
          { name: 'Content-Length', value: String(image.bytes.length) },
          { name: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
        ],
        body: image.bytes.toString('base64'),
      })
    : devtools.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
  // A page closed meanwhile (a render given up) has no request to answer.
  answered.catch(() => undefined);
}

/** Sets the page's document and answers once it has loaded, images included (its load event). */
async function load({ devtools, frameId }: PooledPage, html: string): Promise<void> {
  let onEvent: ((event: { frameId: string; name: string }) => void) | undefined;
  const loaded = new Promise<void>((resolve) => {
    onEvent = (event) => {
      if (event.frameId === frameId && event.name === 'load') resolve();
    };
    devtools.on('Page.lifecycleEvent', onEvent);
  });
  try {
    await devtools.send('Page.setDocumentContent', { frameId, html });
    await loaded;
  } finally {
    devtools.off('Page.lifecycleEvent', onEvent!);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
