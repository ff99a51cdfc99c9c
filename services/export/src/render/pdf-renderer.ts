import { chromium, type Browser, type Page } from 'playwright-core';
import { exportFontStack } from './font-stack';

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

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
 * have JavaScript off and no network, since the HTML embeds everything it shows.
 */
export class PdfRenderer {
  private browser: Browser | undefined;
  private readonly idle: Page[] = [];
  private readonly waiting: ((page: Page) => void)[] = [];
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
    const page = await this.acquire();
    let healthy = true;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
      const printing = page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate:
          `<div style="width:100%;font-size:8px;color:#6b7280;text-align:center;font-family:${exportFontStack.replaceAll('"', "'")}">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
      });
      return await withTimeout(printing, this.timeoutMs, 'Printing the PDF took too long');
    } catch (error) {
      healthy = false;
      throw error;
    } finally {
      void this.release(page, healthy);
    }
  }

  async stop(): Promise<void> {
    await this.browser?.close();
  }

  get isConnected(): boolean {
    return this.browser?.isConnected() ?? false;
  }

  private async newPage(): Promise<Page> {
    const context = await this.browser!.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    this.open++;
    return page;
  }

  private acquire(): Promise<Page> {
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
  private async release(page: Page, healthy: boolean): Promise<void> {
    let next = page;
    if (!healthy || page.isClosed()) {
      this.open--;
      await page.context().close().catch(() => undefined);
      next = await this.newPage();
      this.observer.pageReplaced?.();
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(next);
    else this.idle.push(next);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
