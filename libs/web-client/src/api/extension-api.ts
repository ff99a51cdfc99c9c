import type { ConnectCode, ExtensionConnection } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

/** Settings' side of connecting the capture extension (the extension trades the code itself). */
const extensionApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    listExtensionConnections: build.query<ExtensionConnection[], void>({
      query: () => '/api/extension/connections',
      providesTags: ['ExtensionConnection'],
    }),
    createConnectCode: build.mutation<ConnectCode, void>({
      query: () => ({ url: '/api/extension/connect-codes', method: 'POST' }),
    }),
    disconnectExtension: build.mutation<void, string>({
      query: (id) => ({ url: `/api/extension/connections/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ExtensionConnection'],
    }),
  }),
});

export const { useListExtensionConnectionsQuery, useCreateConnectCodeMutation, useDisconnectExtensionMutation } = extensionApi;
