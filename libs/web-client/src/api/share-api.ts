import type { SharedSop } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

/** What a share link shows (no session needed). Never kept: a revoked link must stop showing at once. */
export const shareApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedSop: build.query<SharedSop, string>({
      query: (token) => `/api/share/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSharedSopQuery } = shareApi;

/** The shared SOP's PDF, for anyone with the link. */
export const sharedPdfUrl = (token: string) => `/api/share/${encodeURIComponent(token)}/export/pdf`;
