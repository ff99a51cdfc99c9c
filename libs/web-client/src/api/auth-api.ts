import type { AuthResponse, LoginRequest, RegisterRequest } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

const authApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    /** Answers 204: the session's token stops working and the httpOnly cookie is cleared. */
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    /** Ends every session of the user, on every device, this one included. */
    logoutEverywhere: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useRegisterMutation, useLoginMutation, useLogoutMutation, useLogoutEverywhereMutation } = authApi;
