import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PdfRenderer, withPageFooter } from './pdf-renderer';

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
