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

/** A page of the pool and the DevTools session that loads documents into it. */
interface PooledPage {
  page: Page;
  devtools: CDPSession;
  frameId: string;
}

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
 * have JavaScript off and no network, since the HTML embeds everything it shows. The HTML
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

  async render(html: string): Promise<Buffer> {
    const pooled = await this.acquire();
    let healthy = true;
    try {
      await withTimeout(load(pooled, withPageFooter(html)), this.timeoutMs, 'Loading the document to print took too long');
      return await withTimeout(pooled.page.pdf(pdfOptions), this.timeoutMs, 'Printing the PDF took too long');
    } catch (error) {
      healthy = false;
      throw error;
    } finally {
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
    this.open++;
    return { page, devtools, frameId: frameTree.frame.id };
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
