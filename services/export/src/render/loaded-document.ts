import type { ExportDocument, ExportImage } from '@sopwright/contracts';
import type { ObjectStorage } from '@sopwright/server-kit';

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
 * come from the media service and are checked against the owner again here, and no URL
 * from the document is ever fetched.
 */
export async function loadDocument(storage: ObjectStorage, ownerId: string, document: ExportDocument): Promise<LoadedDocument> {
  const load = async (image: ExportImage & { url?: string }): Promise<LoadedImage> => {
    if (!image.objectKey.startsWith(`images/${ownerId}/`)) throw new Error('An export may only embed its owner’s images');
    const bytes = await storage.read(image.objectKey, MAX_IMAGE_BYTES);
    return { contentType: image.contentType, bytes, dataUri: `data:${image.contentType};base64,${bytes.toString('base64')}`, url: image.url ?? '' };
  };
  return {
    ...document,
    companyLogo: document.companyLogo ? await load(document.companyLogo) : null,
    steps: await Promise.all(
      document.steps.map(async (step, index) => ({
        number: index + 1,
        title: step.title,
        details: step.details,
        images: await Promise.all(step.images.map(load)),
      })),
    ),
  };
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
