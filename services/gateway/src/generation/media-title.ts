import type { ReceivedUpload } from '../uploads/receive-upload';

/** The create page sends this when the title is left blank; the pipeline then derives a better one. */
const defaultTitle = 'Generated SOP';

/** Optional on media sources: blank (or the client's default) lets the pipeline derive one. */
export function mediaTitle(upload: ReceivedUpload): string {
  const title = (upload.fields['title'] ?? '').trim().slice(0, 300);
  return title === defaultTitle ? '' : title;
}
