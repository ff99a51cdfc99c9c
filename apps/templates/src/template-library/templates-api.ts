import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { Template } from '@sopwright/contracts';
import { sopwrightApi } from '@sopwright/web-client';

/**
 * The template library is public and its list request sends no token (spec §6), so these
 * endpoints skip the shared base query's bearer header. Cookies still go along, as on every request.
 */
const publicBaseQuery = fetchBaseQuery({ baseUrl: '', credentials: 'include' });

const templatesApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    /** The library, or the templates whose title or category matches `q`; '' lists them all. */
    listTemplates: build.query<Template[], string>({
      queryFn: async (q, api, extraOptions) => {
        const result = await publicBaseQuery({ url: '/api/templates', params: q ? { q } : undefined }, api, extraOptions);
        return result.error ? { error: result.error } : { data: result.data as Template[] };
      },
    }),
    /** Made once on each load of the templates page (spec §4); idempotent on the server. */
    seedTemplates: build.mutation<unknown, void>({
      queryFn: async (_arg, api, extraOptions) => {
        const result = await publicBaseQuery({ url: '/api/templates/seed', method: 'POST' }, api, extraOptions);
        return result.error ? { error: result.error } : { data: result.data };
      },
    }),
  }),
});

export const { useListTemplatesQuery, useSeedTemplatesMutation } = templatesApi;
