import type { AcknowledgementStatus, CreatedShareLink, ShareLink, SopAccess, SopReview, UploadImageResponse } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

/**
 * What a team does with one SOP besides writing it (issue 17): the signed-in member's role on
 * it, review and approval, share links, assignments and read acknowledgements.
 */

export {
  ACKNOWLEDGEMENT_TEXT,
  activityActions,
  REVIEW_INTERVAL_MAX_MONTHS,
  REVIEW_INTERVAL_MIN_MONTHS,
  reviewMessages,
  shareMessages,
  sopStatusLabels,
} from '@sopwright/contracts/constants';

/** The acknowledgement record of every version, as CSV; a plain link (the session cookie goes with it). */
export function acknowledgementsCsvUrl(sopId: string): string {
  return `${sopPath(sopId)}/acknowledgements.csv`;
}

const sopPath = (sopId: string) => `/api/sop/${encodeURIComponent(sopId)}`;

/**
 * Review and acknowledgements follow the SOP's versions (a save makes a new draft; the version
 * to read is the approved one), so they also carry the SOP's 'SopVersion' tag: a save or restore
 * in sop-api refreshes them with the history.
 */
const withVersions = (type: 'SopReview' | 'SopAcknowledgement', sopId: string) => [
  { type, id: sopId },
  { type: 'SopVersion' as const, id: sopId },
];

const sopGovernanceApi = sopwrightApi.enhanceEndpoints({ addTagTypes: ['SopAccess', 'SopReview', 'ShareLink', 'SopAcknowledgement'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's workspace and role for this SOP: what the page may offer them. */
    getSopAccess: build.query<SopAccess, string>({
      query: (sopId) => `${sopPath(sopId)}/access`,
      providesTags: (_result, _error, sopId) => [{ type: 'SopAccess', id: sopId }],
    }),
    /**
     * A step image for this SOP, filed in the SOP's own workspace (`?sopId=`) whichever one the
     * app is in, so a team SOP opened from the personal workspace can be saved with it.
     */
    uploadSopStepImage: build.mutation<UploadImageResponse, { sopId: string; file: File }>({
      query: ({ sopId, file }) => {
        const body = new FormData();
        body.append('image', file);
        return { url: `/api/sop/upload-image?${new URLSearchParams({ sopId }).toString()}`, method: 'POST', body };
      },
    }),
    getSopReview: build.query<SopReview, string>({
      query: (sopId) => `${sopPath(sopId)}/review`,
      providesTags: (_result, _error, sopId) => withVersions('SopReview', sopId),
    }),
    /** Editors submit, naming an approver who is an admin or owner. */
    submitSopForReview: build.mutation<SopReview, { sopId: string; approverId: string }>({
      query: ({ sopId, approverId }) => ({ url: `${sopPath(sopId)}/review`, method: 'POST', body: { approverId } }),
      onQueryStarted: ({ sopId }, { dispatch, queryFulfilled }) => putReview(dispatch, sopId, queryFulfilled),
    }),
    /** The named approver or an owner approves: the version to read changes, so acknowledgements are read again. */
    approveSop: build.mutation<SopReview, string>({
      query: (sopId) => ({ url: `${sopPath(sopId)}/approve`, method: 'POST' }),
      onQueryStarted: (sopId, { dispatch, queryFulfilled }) => putReview(dispatch, sopId, queryFulfilled),
      invalidatesTags: (_result, error, sopId) => (error ? [] : [{ type: 'SopAcknowledgement', id: sopId }]),
    }),
    /** "Review every N months", or null for no scheduled review. */
    setSopReviewInterval: build.mutation<SopReview, { sopId: string; months: number | null }>({
      query: ({ sopId, months }) => ({ url: `${sopPath(sopId)}/review-interval`, method: 'PUT', body: { months } }),
      onQueryStarted: ({ sopId }, { dispatch, queryFulfilled }) => putReview(dispatch, sopId, queryFulfilled),
    }),
    /** Active links only (not revoked, not expired). */
    listShareLinks: build.query<ShareLink[], string>({
      query: (sopId) => `${sopPath(sopId)}/share-links`,
      providesTags: (_result, _error, sopId) => [{ type: 'ShareLink', id: sopId }],
    }),
    /** Answers with the link's address: the only time its token is seen. */
    createShareLink: build.mutation<CreatedShareLink, { sopId: string; expiresAt: string | null }>({
      query: ({ sopId, expiresAt }) => ({ url: `${sopPath(sopId)}/share-links`, method: 'POST', body: { expiresAt } }),
      invalidatesTags: (_result, error, { sopId }) => (error ? [] : [{ type: 'ShareLink', id: sopId }]),
    }),
    revokeShareLink: build.mutation<void, { sopId: string; linkId: string }>({
      query: ({ sopId, linkId }) => ({ url: `${sopPath(sopId)}/share-links/${encodeURIComponent(linkId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { sopId }) => (error ? [] : [{ type: 'ShareLink', id: sopId }]),
    }),
    /** Who must read the version to be read, and who has; `mine` is the signed-in member. */
    getSopAcknowledgements: build.query<AcknowledgementStatus, string>({
      query: (sopId) => `${sopPath(sopId)}/acknowledgements`,
      providesTags: (_result, _error, sopId) => withVersions('SopAcknowledgement', sopId),
    }),
    /** Replaces the list of members who must read it; answers with the status as it now is. */
    setSopAssignees: build.mutation<AcknowledgementStatus, { sopId: string; userIds: string[] }>({
      query: ({ sopId, userIds }) => ({ url: `${sopPath(sopId)}/assignees`, method: 'PUT', body: { userIds } }),
      onQueryStarted: ({ sopId }, { dispatch, queryFulfilled }) => putAcknowledgements(dispatch, sopId, queryFulfilled),
    }),
    /** "I have read and understood this version", for the signed-in member. */
    acknowledgeSop: build.mutation<AcknowledgementStatus, string>({
      query: (sopId) => ({ url: `${sopPath(sopId)}/acknowledgements`, method: 'POST' }),
      onQueryStarted: (sopId, { dispatch, queryFulfilled }) => putAcknowledgements(dispatch, sopId, queryFulfilled),
    }),
  }),
});

/** A write answers with the state as it now is: shown at once, without reading it again. */
async function putReview(dispatch: (action: unknown) => unknown, sopId: string, written: Promise<{ data: SopReview }>): Promise<void> {
  try {
    const { data } = await written;
    dispatch(sopGovernanceApi.util.upsertQueryData('getSopReview', sopId, data));
  } catch {
    // The failure reaches the caller through the mutation's own result.
  }
}

async function putAcknowledgements(dispatch: (action: unknown) => unknown, sopId: string, written: Promise<{ data: AcknowledgementStatus }>): Promise<void> {
  try {
    const { data } = await written;
    dispatch(sopGovernanceApi.util.upsertQueryData('getSopAcknowledgements', sopId, data));
  } catch {
    // As above.
  }
}

export const {
  useGetSopAccessQuery,
  useUploadSopStepImageMutation,
  useGetSopReviewQuery,
  useSubmitSopForReviewMutation,
  useApproveSopMutation,
  useSetSopReviewIntervalMutation,
  useListShareLinksQuery,
  useCreateShareLinkMutation,
  useRevokeShareLinkMutation,
  useGetSopAcknowledgementsQuery,
  useSetSopAssigneesMutation,
  useAcknowledgeSopMutation,
} = sopGovernanceApi;
