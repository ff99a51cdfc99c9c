import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { getToken } from '../session/session-storage';
import { WORKSPACE_HEADER } from '../workspace/workspace-rules';
import { getCurrentWorkspaceId, isLostWorkspaceAnswer, requestPath, workspaceSelection } from '../workspace/workspace-selection';

const fetchQuery = fetchBaseQuery({
  baseUrl: '',
  // Cookies carry the session to new-tab exports; the bearer header serves API reads.
  credentials: 'include',
  prepareHeaders: (headers) => {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // Routes that list or create work in the workspace named here; the personal one without it.
    const workspaceId = getCurrentWorkspaceId();
    if (workspaceId) headers.set(WORKSPACE_HEADER, workspaceId);
    return headers;
  },
});

/**
 * Every request names the current workspace. When the server answers that the user is not in it
 * (they were removed, or the workspace remembered on this browser is someone else's), the app
 * drops back to the personal workspace and refetches what it shows, from scratch: every mounted
 * query asks again without the stale workspace, and a write that found out fails with the
 * server's message.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const sentId = getCurrentWorkspaceId();
  const result = await fetchQuery(args, api, extraOptions);
  // Only the first request to find out acts: the others were sent for the same, already dropped, workspace.
  if (sentId && result.error && isLostWorkspaceAnswer(result.error, requestPath(args), sentId) && getCurrentWorkspaceId() === sentId) {
    workspaceSelection.set(null);
    const reset = () => api.dispatch(sopwrightApi.util.resetApiState());
    // A reset aborts what is in flight: a write must first fail with the server's message.
    if (api.type === 'mutation') setTimeout(reset, 0);
    else reset();
  }
  return result;
};

/**
 * The single RTK Query API. Remotes add endpoints with `sopwrightApi.injectEndpoints`;
 * it is a federation singleton so every remote shares one cache.
 * Read defaults follow spec §4: no retries (fetchBaseQuery never retries), data never goes
 * stale, no refetch on focus or reconnect, no polling.
 */
export const sopwrightApi = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  /** Cache tags the injected endpoints share, so a write in one remote refreshes reads in another. */
  tagTypes: ['Sop', 'SopVersion', 'Profile', 'Usage', 'Checkout', 'Portal', 'ExtensionConnection', 'Workspace', 'WorkspaceMember', 'WorkspaceInvitation'],
  endpoints: () => ({}),
});
