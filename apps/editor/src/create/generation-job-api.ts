import type { GenerationJobStatus } from '@sopwright/contracts';
import { apiRoutes } from '@sopwright/contracts/constants';
import { sopwrightApi } from '@sopwright/web-client';

/** GET /api/jobs/:id — polled while a media generation runs. */
const generationJobApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    getGenerationJob: build.query<GenerationJobStatus, string>({
      query: (id) => apiRoutes.generationJob(id),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetGenerationJobQuery } = generationJobApi;
