import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PdfRenderer, printImageOrigin, printImageUrl, withPageFooter, type PrintImage } from './pdf-renderer';

let renderer: PdfRenderer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pdf-renderer-spec-'));
  renderer = new PdfRenderer(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 1, 20_000);
  await renderer.start();
});
afterAll(async () => {
  await renderer.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What poppler reads from a PDF: `pdftotext` text or the `pdfimages -list` sizes. */
function poppler(pdf: Buffer, tool: 'pdftotext' | 'pdfimages'): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync(tool, tool === 'pdftotext' ? [path, '-'] : ['-list', path], { encoding: 'utf8' });
}

describe('withPageFooter', () => {
  it('adds the footer style to the head, or in front when there is none', () => {
    expect(withPageFooter('<html><head><title>x</title></head><body></body></html>')).toMatch(/<title>x<\/title><style>@page \{ @bottom-center \{ content: "Page " counter\(page\) " of " counter\(pages\);[^<]*<\/style><\/head>/);
    expect(withPageFooter('<p>bare</p>')).toMatch(/^<style>@page[^<]*<\/style><p>bare<\/p>$/);
  });
});

describe('printImageUrl', () => {
  it('names bytes by their SHA-256 under the print origin: the same bytes one URL, other bytes another', () => {
    const bytes = Buffer.from('picture');
    expect(printImageUrl(bytes)).toBe(`${printImageOrigin}/2cea274d0bedc39ec4ab6ba9e59ec889e3ed6fb56a1cf088a64d9b383378dc97`);
    expect(printImageUrl(Buffer.from('picture'))).toBe(printImageUrl(bytes));
    expect(printImageUrl(Buffer.from('picture!'))).not.toBe(printImageUrl(bytes));
    expect(printImageUrl(bytes)).toMatch(/^https:\/\/print-image\.invalid\/[0-9a-f]{64}$/);
  });
});

/** Images by URL as the worker gives them, counting the renderer's look-ups (the page's requests). */
class CountedImages extends Map<string, PrintImage> {
  asked = 0;
  override get(url: string): PrintImage | undefined {
    this.asked++;
    return super.get(url);
  }
}

describe('PdfRenderer', () => {
  it('prints the document with its inline images and "Page n of m" on every page', async () => {
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc2222' } }).jpeg().toBuffer();
    const steps = Array.from({ length: 40 }, (_, index) => `<p style="margin: 0 0 40px">Step ${index + 1}</p>`).join('');
    const html = `<!doctype html><html><head><style>@page { size: A4; margin: 18mm 16mm 20mm; }</style></head><body><img src="data:image/jpeg;base64,${red.toString('base64')}">${steps}</body></html>`;
    const pdf = await renderer.render(html);
    const text = poppler(pdf, 'pdftotext');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain('Step 40');
    expect(poppler(pdf, 'pdfimages')).toMatch(/\s300\s+200\s/);
  });

  it('prints the images the document names by URL, answered from those given with it, once per page', async () => {
    const blue = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2255cc' } }).jpeg().toBuffer();
    const green = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#22aa55' } }).png().toBuffer();
    const html = (...urls: string[]) => `<html><head></head><body><p>Pictures</p>${urls.map((url) => `<img src="${url}">`).join('')}</body></html>`;
    const first = new CountedImages([
      [printImageUrl(blue), { contentType: 'image/jpeg', bytes: blue }],
      [printImageUrl(green), { contentType: 'image/png', bytes: green }],
    ]);
    const pdf = await renderer.render(html(printImageUrl(blue), printImageUrl(green)), first);
    expect(poppler(pdf, 'pdfimages')).toMatch(/\s320\s+180\s[\s\S]*\s200\s+100\s/);
    expect(first.asked).toBe(2);

    // Printed again on the same (warm) page: the page shows its own copies and asks for nothing.
    const again = new CountedImages(first);
    expect(poppler(await renderer.render(html(printImageUrl(blue), printImageUrl(green)), again), 'pdfimages')).toMatch(/\s320\s+180\s[\s\S]*\s200\s+100\s/);
    expect(again.asked).toBe(0);
  });

  it('prints without an image of the origin it was not given, and does not wait for it', async () => {
    const none = new CountedImages();
    const started = performance.now();
    const pdf = await renderer.render(`<html><head></head><body><p>Missing</p><img src="${printImageOrigin}/${'0'.repeat(64)}"></body></html>`, none);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(none.asked).toBe(1);
    expect(poppler(pdf, 'pdftotext')).toContain('Missing');
    // At most Chromium's broken-image icon, as for an image that does not load inline.
    const widths = poppler(pdf, 'pdfimages').trim().split('\n').slice(2).map((line) => Number(line.trim().split(/\s+/)[3]));
    expect(Math.max(0, ...widths)).toBeLessThanOrEqual(16);
  });

  it('replaces the document on a warm page: nothing of the one before is printed', async () => {
    await renderer.render('<html><head></head><body><p>First document</p></body></html>');
    const text = poppler(await renderer.render('<html><head></head><body><p>Second document</p></body></html>'), 'pdftotext');
    expect(text).toContain('Second document');
    expect(text).not.toContain('First document');
    expect(renderer.openPages).toBe(1);
  });

  it('gives up on a render past its time and keeps a page in the pool', async () => {
    const hasty = new PdfRenderer(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 1, 1);
    await hasty.start();
    try {
      await expect(hasty.render(`<p>${'slow '.repeat(100_000)}</p>`)).rejects.toThrow(/took too long/);
      // The failed page is closed and a new one opened in its place.
      for (let waited = 0; hasty.idlePages === 0 && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hasty.openPages).toBe(1);
      expect(hasty.idlePages).toBe(1);
    } finally {
      await hasty.stop();
    }
  });
});
