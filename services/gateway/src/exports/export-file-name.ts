import type { ExportFormat } from '@sopwright/contracts';

const extensions: Record<ExportFormat, string> = { pdf: 'pdf', docx: 'docx', markdown: 'md', html: 'html' };

/** An ASCII file name safe in any header and file system, from whatever the title holds. */
export function safeFileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _-]+/g, ' ')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return stem || 'sop';
}

/**
 * `inline` for formats a browser shows in the new tab, `attachment` for Word files; the
 * UTF-8 name keeps the real title for clients that read it.
 */
export function contentDisposition(title: string, format: ExportFormat): string {
  const extension = extensions[format];
  const kind = format === 'docx' ? 'attachment' : 'inline';
  const utf8Name = encodeURIComponent(`${title.trim() || 'SOP'}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${safeFileStem(title)}.${extension}"; filename*=UTF-8''${utf8Name}`;
}
