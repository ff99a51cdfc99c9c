import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { ms, percentile } from './stats';

/**
 * The PDF render alone, in this process, with the export worker's own modules: the worker's
 * PdfRenderer with the images served to the page by URL (as the worker prints: again, as when
 * an SOP is exported again, and the first time, with bytes the page has never seen) and with
 * them inline as data: URIs (the previous design), against the previous render
 * (page.setContent, then page.pdf with Chromium's footer template), each with today's print
 * renditions (media's printRendition) and the previous 1,400 px ones. Alternating renders on
 * one Chromium, medians.
 */
interface LoadedImage {
  contentType: string;
  bytes: Buffer;
  dataUri: string;
  url: string;
}
interface LoadedDocument {
  title: string;
  sourceType: 'video' | 'text';
  createdAt: string;
  companyName: string | null;
  companyLogo: LoadedImage | null;
  steps: { number: number; title: string; details: string; images: LoadedImage[] }[];
}
interface ExportModules {
  PdfRenderer: new (executablePath: string, size: number, timeoutMs: number) => {
    start(): Promise<void>;
    stop(): Promise<void>;
    render(html: string, images?: ReadonlyMap<string, { contentType: string; bytes: Buffer }>): Promise<Buffer>;
  };
  printImageUrl(bytes: Buffer): string;
  exportFontStack: string;
  renderHtml(document: LoadedDocument, imageSource?: (image: LoadedImage) => string): string;
  printRendition(original: Buffer): Promise<Buffer | null>;
}

async function modules(): Promise<ExportModules> {
  const load = (path: string) => import(`@sopwright/${path}.js`) as Promise<Record<string, unknown>>;
  const [renderer, html, fonts, rendition] = await Promise.all(['export/dist/render/pdf-renderer', 'export/dist/render/render-html', 'export/dist/render/font-stack', 'media/dist/images/print-rendition'].map(load));
  return {
    PdfRenderer: renderer!.PdfRenderer as ExportModules['PdfRenderer'],
    printImageUrl: renderer!.printImageUrl as ExportModules['printImageUrl'],
    exportFontStack: fonts!.exportFontStack as string,
    renderHtml: html!.renderHtml as ExportModules['renderHtml'],
    printRendition: rendition!.printRendition as ExportModules['printRendition'],
  };
}

/** The previous render's PDF options: "Page n of m" from Chromium's footer template. */
const previousPdfOptions = (fontStack: string) =>
  ({
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="width:100%;font-size:8px;color:#6b7280;text-align:center;font-family:${fontStack.replaceAll('"', "'")}">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
  }) as const;

/** The print rendition before it was fitted to the export box: at most 1,400 x 2,000 px, JPEG quality 82. */
export const previousRendition = (original: Buffer) =>
  sharp(original).rotate().resize({ width: 1400, height: 2000, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();

/**
 * The same JPEG with a comment segment saying `note` after its header: the same picture in
 * bytes no page has seen (a new URL for the worker's renderer), as an SOP printed the first time.
 */
export function freshJpeg(jpeg: Buffer, note: string): Buffer {
  const comment = Buffer.from(note, 'utf8');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
  // After SOI, and after a JFIF APP0 segment when there is one (it must come first).
  const at = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/** The worker's PDF render: images named by URL in the HTML and served to the page. */
function served(exporter: ExportModules, renderer: InstanceType<ExportModules['PdfRenderer']>, document: LoadedDocument): Promise<Buffer> {
  const images = new Map<string, LoadedImage>();
  const html = exporter.renderHtml(document, (image) => {
    const url = exporter.printImageUrl(image.bytes);
    images.set(url, image);
    return url;
  });
  return renderer.render(html, images);
}

function document(images: Buffer[], steps: number): LoadedDocument {
  const loaded = images.map((bytes) => ({ contentType: 'image/jpeg', bytes, dataUri: `data:image/jpeg;base64,${bytes.toString('base64')}`, url: '' }));
  return {
    title: 'Month-end close for the finance team',
    sourceType: 'video',
    createdAt: new Date().toISOString(),
    companyName: null,
    companyLogo: null,
    steps: Array.from({ length: steps }, (_, i) => ({
      number: i + 1,
      title: `Step ${i + 1}: reconcile account group ${i + 1}`,
      details: 'Open the ledger, filter by the period, compare each balance with the bank statement and note every difference above 50 in the close checklist.',
      images: i < loaded.length ? [loaded[i]!] : [],
    })),
  };
}

export async function comparePdfRender(originals: Buffer[], steps: number, rounds: number, chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<void> {
  const exporter = await modules();
  const today = await Promise.all(originals.map(async (original) => (await exporter.printRendition(original)) ?? original));
  const before = await Promise.all(originals.map(previousRendition));
  const kb = (images: Buffer[]) => `${(images.reduce((sum, image) => sum + image.length, 0) / 1024).toFixed(0)} KB`;
  const size = async (image: Buffer) => {
    const { width, height } = await sharp(image).metadata();
    return `${width}x${height}`;
  };

  const renderer = new exporter.PdfRenderer(chromiumPath, 1, 30_000);
  await renderer.start();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'] });
  const page = await (await browser.newContext({ javaScriptEnabled: false, offline: true })).newPage();
  const previousRender = async (html: string) => {
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf(previousPdfOptions(exporter.exportFontStack));
  };
  let fresh = 0;
  const cases = [
    { name: `PdfRenderer, print renditions (${await size(today[0]!)}, ${kb(today)}) served, again`, render: () => served(exporter, renderer, document(today, steps)) },
    {
      name: 'PdfRenderer, print renditions served, the first time (bytes new to the page)',
      render: () => served(exporter, renderer, document(today.map((image) => freshJpeg(image, `render ${fresh++}`)), steps)),
    },
    { name: 'PdfRenderer, print renditions inline (data: URIs, the previous design)', render: () => renderer.render(exporter.renderHtml(document(today, steps))) },
    { name: `PdfRenderer, the previous 1,400 px renditions (${await size(before[0]!)}, ${kb(before)}) inline`, render: () => renderer.render(exporter.renderHtml(document(before, steps))) },
    { name: 'previous render (setContent, footer template), print renditions', render: () => previousRender(exporter.renderHtml(document(today, steps))) },
    { name: 'baseline, the previous design: previous render, 1,400 px renditions', render: () => previousRender(exporter.renderHtml(document(before, steps))) },
  ];
  const times = cases.map(() => [] as number[]);
  const bytes = cases.map(() => 0);
  try {
    for (let round = -2; round < rounds; round++) {
      for (const [index, item] of (round % 2 === 0 ? cases : [...cases].reverse()).entries()) {
        const at = round % 2 === 0 ? index : cases.length - 1 - index;
        const started = performance.now();
        const pdf = await item.render();
        if (round >= 0) times[at]!.push(performance.now() - started);
        bytes[at] = pdf.length;
      }
    }
  } finally {
    await renderer.stop();
    await browser.close();
  }
  console.log(`The render alone (HTML and images in memory to PDF bytes, one warm page each), ${rounds} alternating renders, in this process:`);
  for (const [index, item] of cases.entries()) console.log(`  ${item.name.padEnd(78)} p50 ${ms(percentile(times[index]!, 50))}, p95 ${ms(percentile(times[index]!, 95))}, ${(bytes[index]! / 1024).toFixed(0)} KB`);
  console.log('');
}
