import type { ExportFormat, ExportResult, JobPayload, exportJob } from '@sopwright/contracts';
import type { ObjectStorage } from '@sopwright/server-kit';
import { formatDetails } from '../render/file-name';
import { loadDocument } from '../render/loaded-document';
import type { ImageCache } from '../render/image-cache';
import { printImageUrl, type PdfRenderer, type PrintImage } from '../render/pdf-renderer';
import { renderDocx } from '../render/render-docx';
import { renderHtml } from '../render/render-html';
import { renderMarkdown } from '../render/render-markdown';

/** Renders one export job and leaves the file in object storage for the gateway to stream. */
export class ExportRenderer {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly pdf: PdfRenderer,
    /** Image bytes kept between exports; without it every export reads its images from storage. */
    private readonly images?: ImageCache,
  ) {}

  async render(jobId: string, { ownerId, brandingOwnerId, format, document, publicUrl }: JobPayload<typeof exportJob>): Promise<ExportResult> {
    const loaded = await loadDocument(this.storage, ownerId, document, this.images, brandingOwnerId);
    const bytes = await this.renderFormat(format, loaded, publicUrl);
    const { extension, contentType } = formatDetails[format];
    // Flat keys: no per-owner folders that a file-backed store would create and remove.
    const objectKey = `exports/${ownerId}-${jobId}.${extension}`;
    await this.storage.put(objectKey, bytes, contentType);
    return { objectKey, contentType, byteSize: bytes.length };
  }

  private async renderFormat(format: ExportFormat, loaded: Awaited<ReturnType<typeof loadDocument>>, publicUrl: string): Promise<Buffer> {
    switch (format) {
      case 'html':
        return Buffer.from(renderHtml(loaded), 'utf8');
      case 'pdf': {
        // Images by URL, answered to the page from memory: a page that printed them before keeps them.
        const images = new Map<string, PrintImage>();
        const html = renderHtml(loaded, (image) => {
          const url = printImageUrl(image.bytes);
          images.set(url, image);
          return url;
        });
        return this.pdf.render(html, images);
      }
      case 'docx':
        return renderDocx(loaded);
      case 'markdown':
        return Buffer.from(renderMarkdown(loaded, publicUrl), 'utf8');
    }
  }
}
