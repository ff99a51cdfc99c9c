import { z } from 'zod';
import { imageEditSchema, imageEditStateSchema, redactionProposalsSchema } from '../http/image-edits';
import { imagePurposeSchema } from '../http/media';
import { ownerScopedSchema, pingMessage, uuidSchema } from './common';
import { defineMessage } from './define-message';

export const storedImageSchema = z.object({
  imageId: uuidSchema,
  url: z.string(),
  objectKey: z.string(),
  contentType: z.string(),
  byteSize: z.number().int().nonnegative(),
  /** What documents embed: a print-size JPEG, or null where the original serves (small already, or SVG). */
  print: z.object({ objectKey: z.string(), contentType: z.string() }).nullable().default(null),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const mediaMessages = {
  ping: pingMessage('media'),
  /**
   * The gateway streamed an upload to `incomingKey` in object storage; the media service
   * decides its type from the bytes, sanitises SVG, files it under the owner, or refuses it.
   */
  ingestImage: defineMessage(
    'media.images.ingest',
    ownerScopedSchema.extend({
      incomingKey: z.string().startsWith('incoming/'),
      purpose: imagePurposeSchema,
      /** Files it under this id; a second ingest with the same id answers the first image (a retried job re-saving its frames). */
      imageId: uuidSchema.optional(),
    }),
    storedImageSchema,
  ),
  getImage: defineMessage('media.images.get', ownerScopedSchema.extend({ imageId: uuidSchema }), storedImageSchema),
  /** The workspace an image belongs to (its owner), for the gateway's access check; NOT_FOUND when there is none. */
  getImageOwner: defineMessage('media.images.owner', z.object({ imageId: uuidSchema }), z.object({ ownerId: uuidSchema })),
  /** Storage keys of the owner's images among these ids; others are left out. */
  resolveImages: defineMessage(
    'media.images.resolve',
    ownerScopedSchema.extend({ imageIds: z.array(uuidSchema).max(5000) }),
    z.array(storedImageSchema),
  ),
  /** Which of these image ids the owner does not own (empty when all are theirs). */
  findForeignImages: defineMessage(
    'media.images.find-foreign',
    ownerScopedSchema.extend({ imageIds: z.array(uuidSchema).max(5000) }),
    z.object({ foreignImageIds: z.array(uuidSchema) }),
  ),
  /**
   * Draws `edit` onto the original of `imageId` (the image itself, or the one it was drawn
   * from) and files the flattened rendering as a new image of the same owner, which the step
   * then shows: the original and the image edited are left as they were, so earlier versions
   * of an SOP keep the layer that applied then. The same layer on the same original answers
   * the same image (a retried request, a job re-run). An empty layer answers the original.
   */
  editImage: defineMessage(
    'media.images.edit',
    ownerScopedSchema.extend({ imageId: uuidSchema, edit: imageEditSchema }),
    storedImageSchema,
  ),
  /** The original, its size and the layer behind an image, for the editor. */
  getImageEdit: defineMessage('media.images.get-edit', ownerScopedSchema.extend({ imageId: uuidSchema }), imageEditStateSchema),
  /** Reads the original's words (OCR with boxes) and proposes a blur over every sensitive value. */
  proposeRedactions: defineMessage('media.images.propose-redactions', ownerScopedSchema.extend({ imageId: uuidSchema }), redactionProposalsSchema),
} as const;
