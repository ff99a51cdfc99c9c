import type { ExportDocument, ExportImage } from '@sopwright/contracts';
import type { ObjectStorage } from '@sopwright/server-kit';
import type { ImageCache } from './image-cache';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface LoadedImage {
  contentType: string;
  bytes: Buffer;
  dataUri: string;
  /** Where the image lives in the app, for formats that link instead of embedding. */
  url: string;
}

export interface LoadedDocument extends Omit<ExportDocument, 'steps' | 'companyLogo'> {
  companyLogo: LoadedImage | null;
  steps: { number: number; title: string; details: string; images: LoadedImage[] }[];
}

/**
 * Reads the images an export embeds. Only the owner's own stored objects are read: keys
 * come from the media service and are checked against the owner again here (before the
 * cache is asked: keys hold the owner), and no URL from the document is ever fetched.
 * With `cache`, an image read for an earlier export is not read again (see ImageCache).
 */
export async function loadDocument(storage: ObjectStorage, ownerId: string, document: ExportDocument, cache?: ImageCache, brandingOwnerId = ownerId): Promise<LoadedDocument> {
  const read = (objectKey: string) => storage.read(objectKey, MAX_IMAGE_BYTES);
  const load = async (image: ExportImage & { url?: string }, owner = ownerId): Promise<LoadedImage> => {
    if (!image.objectKey.startsWith(`images/${owner}/`)) throw new Error('An export may only embed its owner’s images');
    const bytes = await (cache ? cache.get(image.objectKey, () => read(image.objectKey)) : read(image.objectKey));
    return { contentType: image.contentType, bytes, dataUri: `data:${image.contentType};base64,${bytes.toString('base64')}`, url: image.url ?? '' };
  };
  return {
    ...document,
    // The logo is the branding person's, which in a team workspace is not the workspace's.
    companyLogo: document.companyLogo ? await load(document.companyLogo, brandingOwnerId) : null,
    steps: await Promise.all(
      document.steps.map(async (step, index) => ({
        number: index + 1,
        title: step.title,
        details: step.details,
        images: await Promise.all(step.images.map((image) => load(image))),
      })),
    ),
  };
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
