import type { EditedImage, ImageEdit, ImageEditState, RedactionProposals } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

/**
 * A step image's edit layer (issue 18): what the editor opens, the flattened image an edit
 * makes, and the boxes automatic redaction proposes. Images are served at one URL shape,
 * `/api/media/images/<uuid>` (the contracts' ownImageUrlPattern, which lives beside zod).
 */
const OWN_IMAGE_URL = /^\/api\/media\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The image id in one of the user's own image URLs, or null for any other URL (nothing to edit). */
export const editableImageId = (url: string): string | null => OWN_IMAGE_URL.exec(url)?.[1] ?? null;

const imagePath = (imageId: string, rest: string) => `/api/media/images/${encodeURIComponent(imageId)}/${rest}`;

const imageEditApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The original to draw on and the layer that made image `imageId`. An image's layer never
     * changes (an edit makes a new image), so the cached answer stays right.
     */
    getImageEdit: build.query<ImageEditState, string>({
      query: (imageId) => imagePath(imageId, 'edit'),
    }),
    /** Flattens `edit` onto the image's original on the server: a new image, or the original for an empty layer. */
    applyImageEdit: build.mutation<EditedImage, { imageId: string; edit: ImageEdit }>({
      query: ({ imageId, edit }) => ({ url: imagePath(imageId, 'edits'), method: 'POST', body: { edit } }),
    }),
    /** Blur boxes automatic redaction proposes for the image's original (not applied). */
    proposeRedactions: build.mutation<RedactionProposals, string>({
      query: (imageId) => ({ url: imagePath(imageId, 'redactions'), method: 'POST' }),
    }),
  }),
});

export const { useGetImageEditQuery, useApplyImageEditMutation, useProposeRedactionsMutation } = imageEditApi;
