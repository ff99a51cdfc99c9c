import { SOP_PAGE_MAX } from '@sopwright/contracts/constants';
import type { ExportFormat, Sop, SopPage, SopSummary, SopVersion, SopVersionSummary, UpdateSopRequest, UploadImageResponse } from '@sopwright/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sopwrightApi } from './sopwright-api';

/** The SOP list's tag; a single SOP is tagged by its id. */
const SOP_LIST = { type: 'Sop', id: 'LIST' } as const;

/** Where an SOP's export opens, in a new tab (the session cookie carries the user there). */
export function sopExportUrl(sopId: string, format: ExportFormat): string {
  return `/api/sop/${encodeURIComponent(sopId)}/export/${format}`;
}

const sopApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    /** The user's own SOPs, newest first. */
    listSops: build.query<Sop[], void>({
      query: () => '/api/sop',
      providesTags: (result) => [SOP_LIST, ...(result ?? []).map((sop) => ({ type: 'Sop' as const, id: sop.id }))],
    }),
    /**
     * The library's summaries, newest first, read page by page (a few hundred bytes each): the
     * dashboard searches, filters and counts all of them at once, without steps or transcripts.
     */
    listSopSummaries: build.query<SopSummary[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const summaries: SopSummary[] = [];
        let cursor: string | null = null;
        do {
          const params = new URLSearchParams({ limit: String(SOP_PAGE_MAX), ...(cursor ? { cursor } : {}) });
          const result = await baseQuery(`/api/sop?${params.toString()}`);
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const page = result.data as SopPage;
          summaries.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor);
        return { data: summaries };
      },
      providesTags: (result) => [SOP_LIST, ...(result ?? []).map((sop) => ({ type: 'Sop' as const, id: sop.id }))],
    }),
    getSop: build.query<Sop, string>({
      query: (id) => `/api/sop/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Sop', id }],
    }),
    /** Saving keeps the replaced content as a version, so the history refreshes too. */
    updateSop: build.mutation<Sop, { id: string } & UpdateSopRequest>({
      query: ({ id, ...body }) => ({ url: `/api/sop/${encodeURIComponent(id)}`, method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => showSaved(dispatch, queryFulfilled),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [SOP_LIST, { type: 'SopVersion', id }]),
    }),
    listSopVersions: build.query<SopVersionSummary[], string>({
      query: (id) => `/api/sop/${encodeURIComponent(id)}/versions`,
      providesTags: (_result, _error, id) => [{ type: 'SopVersion', id }],
    }),
    getSopVersion: build.query<SopVersion, { sopId: string; versionId: string }>({
      query: ({ sopId, versionId }) => `/api/sop/${encodeURIComponent(sopId)}/versions/${encodeURIComponent(versionId)}`,
    }),
    restoreSopVersion: build.mutation<Sop, { sopId: string; versionId: string }>({
      query: ({ sopId, versionId }) => ({
        url: `/api/sop/${encodeURIComponent(sopId)}/versions/${encodeURIComponent(versionId)}/restore`,
        method: 'POST',
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => showSaved(dispatch, queryFulfilled),
      invalidatesTags: (_result, error, { sopId }) => (error ? [] : [SOP_LIST, { type: 'SopVersion', id: sopId }]),
    }),
    /** Gone for good, with its versions and share links; the list forgets it, the page is left. */
    deleteSop: build.mutation<void, string>({
      query: (sopId) => ({ url: `/api/sop/${encodeURIComponent(sopId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [SOP_LIST]),
    }),
    /** Multipart field `image`; the browser sets the multipart content type itself. */
    uploadStepImage: build.mutation<UploadImageResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: '/api/sop/upload-image', method: 'POST', body };
      },
    }),
  }),
});

/**
 * Starts reading the library's summaries before the dashboard's code has arrived, so the list
 * and the remote load side by side; the dashboard's own query then finds it in flight or cached.
 */
export const usePrefetchSopSummaries = () => sopApi.usePrefetch('listSopSummaries');

/**
 * A save or restore answers with the SOP as it now is: put that straight into the SOP's
 * cache entry, so the page shows it at once instead of the old content until a refetch.
 */
async function showSaved(dispatch: (action: unknown) => unknown, saved: Promise<{ data: Sop }>): Promise<void> {
  try {
    const { data } = await saved;
    dispatch(sopApi.util.upsertQueryData('getSop', data.id, data));
  } catch {
    // The failure reaches the caller through the mutation's own result.
  }
}

export const {
  useListSopsQuery,
  useListSopSummariesQuery,
  useGetSopQuery,
  useUpdateSopMutation,
  useListSopVersionsQuery,
  useGetSopVersionQuery,
  useRestoreSopVersionMutation,
  useDeleteSopMutation,
  useUploadStepImageMutation,
} = sopApi;
