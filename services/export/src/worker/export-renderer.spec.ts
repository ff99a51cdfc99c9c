import type { ExportDocument } from '@sopwright/contracts';
import type { ObjectStorage } from '@sopwright/server-kit';
import { ImageCache } from '../render/image-cache';
import { printImageUrl, type PdfRenderer, type PrintImage } from '../render/pdf-renderer';
import { ExportRenderer } from './export-renderer';

const owner = '11111111-1111-4111-8111-111111111111';
const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
const shot = Buffer.from([0xff, 0xd8, 0xff, 0xd9, 1]);
const objects: Record<string, Buffer> = { [`images/${owner}/logo.svg`]: logo, [`images/${owner}/shot.print.jpg`]: shot };

const document: ExportDocument = {
  title: 'Open the store',
  sourceType: 'text',
  createdAt: '2026-03-04T10:00:00.000Z',
  companyName: 'Acme',
  companyLogo: { objectKey: `images/${owner}/logo.svg`, contentType: 'image/svg+xml' },
  steps: [
    { title: 'Unlock', details: '', images: [{ objectKey: `images/${owner}/shot.print.jpg`, contentType: 'image/jpeg', url: '/api/media/images/a' }] },
    { title: 'Again', details: '', images: [{ objectKey: `images/${owner}/shot.print.jpg`, contentType: 'image/jpeg', url: '/api/media/images/a' }] },
  ],
};

function harness(cache?: ImageCache) {
  const stored = new Map<string, Buffer>();
  const storage = {
    read: jest.fn(async (key: string) => objects[key]!),
    put: jest.fn(async (key: string, body: Buffer) => void stored.set(key, body)),
  } as unknown as ObjectStorage & { read: jest.Mock };
  const printed: { html: string; images: ReadonlyMap<string, PrintImage> }[] = [];
  const pdf = {
    render: jest.fn(async (html: string, images: ReadonlyMap<string, PrintImage>) => {
      printed.push({ html, images });
      return Buffer.from('%PDF-1.7');
    }),
  } as unknown as PdfRenderer;
  return { renderer: new ExportRenderer(storage, pdf, cache), storage, stored, printed };
}

const job = (format: 'pdf' | 'html') => ({ ownerId: owner, format, document, publicUrl: 'https://sopwright.example' });

describe('ExportRenderer', () => {
  it('prints a PDF whose images are named by their bytes and given to the renderer, none inline', async () => {
    const { renderer, printed, stored } = harness();
    const result = await renderer.render('job-1', job('pdf'));
    expect(result).toEqual({ objectKey: `exports/${owner}-job-1.pdf`, contentType: 'application/pdf', byteSize: 8 });
    expect(stored.get(result.objectKey)?.toString()).toBe('%PDF-1.7');
    const [{ html, images }] = printed as [(typeof printed)[number]];
    expect(html).not.toContain('data:');
    expect(html.match(new RegExp(printImageUrl(shot), 'g'))).toHaveLength(2);
    expect(html).toContain(`<img src="${printImageUrl(logo)}"`);
    expect([...images.entries()].map(([url, image]) => [url, image.contentType, image.bytes])).toEqual([
      [printImageUrl(logo), 'image/svg+xml', logo],
      [printImageUrl(shot), 'image/jpeg', shot],
    ]);
  });

  it('still embeds every image in an HTML export', async () => {
    const { renderer, stored } = harness();
    const { objectKey } = await renderer.render('job-2', job('html'));
    const html = stored.get(objectKey)!.toString('utf8');
    expect(html).toContain(`data:image/jpeg;base64,${shot.toString('base64').replaceAll('=', '&#x3D;')}`);
    expect(html).not.toContain('print-image.invalid');
  });

  it('reads each image from storage once across exports with an image cache, every time without one', async () => {
    const cached = harness(new ImageCache(1024 * 1024));
    for (const id of ['a', 'b', 'c']) await cached.renderer.render(id, job('pdf'));
    expect(cached.storage.read).toHaveBeenCalledTimes(2);
    const uncached = harness();
    for (const id of ['a', 'b', 'c']) await uncached.renderer.render(id, job('pdf'));
    expect(uncached.storage.read).toHaveBeenCalledTimes(3 * 3);
  });
});
