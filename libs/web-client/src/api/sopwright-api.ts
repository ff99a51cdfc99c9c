import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { getToken } from '../session/session-storage';

/**
 * The single RTK Query API. Remotes add endpoints with `sopwrightApi.injectEndpoints`;
 * it is a federation singleton so every remote shares one cache.
 * Read defaults follow spec §4: no retries (fetchBaseQuery never retries), data never goes
 * stale, no refetch on focus or reconnect, no polling.
 */
export const sopwrightApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '',
    // Cookies carry the session to new-tab exports; the bearer header serves API reads.
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  /** Cache tags the injected endpoints share, so a write in one remote refreshes reads in another. */
  tagTypes: ['Sop', 'SopVersion', 'Profile', 'Usage', 'Checkout', 'Portal', 'ExtensionConnection'],
  endpoints: () => ({}),
});
