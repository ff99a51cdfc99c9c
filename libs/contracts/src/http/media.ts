import { z } from 'zod';

/** Images are served by the gateway, to their owner only, at one URL shape. */
export const IMAGE_URL_PREFIX = '/api/media/images/';
export const ownImageUrlPattern = /^\/api\/media\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const imageUrlFor = (imageId: string) => `${IMAGE_URL_PREFIX}${imageId}`;
export const imageIdFromUrl = (url: string): string | null => ownImageUrlPattern.exec(url)?.[1] ?? null;

export const imagePurposes = ['step-image', 'logo'] as const;
export const imagePurposeSchema = z.enum(imagePurposes);
export type ImagePurpose = z.infer<typeof imagePurposeSchema>;

/** Upload limits, enforced on the server while the bytes stream in. */
export const uploadLimits = {
  'step-image': { maxBytes: 10 * 1024 * 1024, label: '10MB', types: ['image/jpeg', 'image/png', 'image/webp'] },
  logo: { maxBytes: 5 * 1024 * 1024, label: '5MB', types: ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] },
} as const satisfies Record<ImagePurpose, { maxBytes: number; label: string; types: readonly string[] }>;
