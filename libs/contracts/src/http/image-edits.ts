import { z } from 'zod';
import {
  editColors,
  IMAGE_EDIT_MARKER_MAX,
  IMAGE_EDIT_MAX_SHAPES,
  IMAGE_EDIT_MIN_CROP,
  IMAGE_EDIT_TEXT_MAX,
  redactionReasons,
  type ImageEdit,
} from '../image-edit';

export * from '../image-edit';

/** A little past 1 for rounding in the browser's arithmetic. */
const EDGE = 1.000001;
const fraction = z.number().min(0).max(EDGE);
const pointSchema = z.object({ x: fraction, y: fraction }).strict();
const rectSchema = z
  .object({ x: fraction, y: fraction, width: z.number().gt(0).max(EDGE), height: z.number().gt(0).max(EDGE) })
  .strict()
  .refine((rect) => rect.x + rect.width <= EDGE && rect.y + rect.height <= EDGE, 'A box must lie inside the image');
const colorSchema = z.enum(editColors);

export const editShapeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rectangle'), rect: rectSchema, color: colorSchema }).strict(),
  z.object({ kind: z.literal('highlight'), rect: rectSchema, color: colorSchema }).strict(),
  z.object({ kind: z.literal('arrow'), from: pointSchema, to: pointSchema, color: colorSchema }).strict(),
  z.object({ kind: z.literal('marker'), at: pointSchema, number: z.number().int().min(1).max(IMAGE_EDIT_MARKER_MAX), color: colorSchema }).strict(),
  z
    .object({
      kind: z.literal('text'),
      at: pointSchema,
      text: z
        .string()
        .trim()
        .min(1, 'A label needs some text')
        .max(IMAGE_EDIT_TEXT_MAX, `Labels can be at most ${IMAGE_EDIT_TEXT_MAX} characters`)
        .refine((text) => !/\p{Cc}/u.test(text), 'Labels are one line of text'),
      color: colorSchema,
    })
    .strict(),
  z
    .object({
      kind: z.literal('redaction'),
      rect: rectSchema,
      style: z.enum(['blur', 'pixelate']),
      origin: z.enum(['auto', 'manual']),
      reason: z.enum(redactionReasons),
    })
    .strict(),
]);

export const imageEditSchema: z.ZodType<ImageEdit> = z
  .object({
    crop: rectSchema
      .refine((rect) => rect.width >= IMAGE_EDIT_MIN_CROP && rect.height >= IMAGE_EDIT_MIN_CROP, 'The crop keeps too little of the image')
      .nullable(),
    shapes: z.array(editShapeSchema).max(IMAGE_EDIT_MAX_SHAPES, `An image can have at most ${IMAGE_EDIT_MAX_SHAPES} marks`),
  })
  .strict();

/** POST /api/media/images/:id/edits — the layer to apply to the image's original. */
export const imageEditRequestSchema = z.object({ edit: imageEditSchema }).strict();
export type ImageEditRequest = z.infer<typeof imageEditRequestSchema>;

/**
 * GET /api/media/images/:id/edit — what the editor opens: the original's URL and size and
 * the layer that made this image (an empty one for an unedited image). Owner only.
 */
export const imageEditStateSchema = z.object({
  imageId: z.string(),
  /** The unedited image this one is drawn from (the image itself when unedited). */
  sourceImageId: z.string(),
  sourceUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  edit: imageEditSchema,
});
export type ImageEditState = z.infer<typeof imageEditStateSchema>;

/** The answer to an edit: the flattened image to put on the step in place of the one edited. */
export const editedImageSchema = z.object({ imageId: z.string(), url: z.string() });
export type EditedImage = z.infer<typeof editedImageSchema>;

/** POST /api/media/images/:id/redactions — boxes automatic redaction proposes, not yet applied. */
export const redactionProposalsSchema = z.object({
  /** `redaction` shapes with origin `auto`, in the original's coordinates. */
  shapes: z.array(editShapeSchema),
});
export type RedactionProposals = z.infer<typeof redactionProposalsSchema>;
