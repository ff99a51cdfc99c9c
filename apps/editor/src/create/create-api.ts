import type { CreateFromTextRequest } from '@sopwright/contracts';
import { sopwrightApi } from '@sopwright/web-client';

/**
 * SOP generation endpoints of the create page. Success invalidates the 'Sop' tag so a list
 * that provides it refreshes (spec §2: 'the SOP list is refreshed').
 */
const createApi = sopwrightApi.enhanceEndpoints({ addTagTypes: ['Sop', 'Usage'] }).injectEndpoints({
  endpoints: (build) => ({
    createSopFromText: build.mutation<unknown, CreateFromTextRequest>({
      query: (body) => ({ url: '/api/sop/from-text', method: 'POST', body }),
      invalidatesTags: ['Sop', 'Usage'],
    }),
  }),
});

export const { useCreateSopFromTextMutation } = createApi;
