import type { Profile, UpdateProfileRequest, UploadLogoResponse, Usage } from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

const accountApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    getUsage: build.query<Usage, void>({
      query: () => '/api/usage',
      providesTags: ['Usage'],
    }),
    getProfile: build.query<Profile, void>({
      query: () => '/api/profile',
      providesTags: ['Profile'],
    }),
    /** `{ companyName }` sets the name; `{ companyLogoUrl: null }` removes the logo. */
    updateProfile: build.mutation<Profile, UpdateProfileRequest>({
      query: (body) => ({ url: '/api/profile', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
    }),
    /** Multipart field `logo`; the server also sets it as the profile's logo. */
    uploadLogo: build.mutation<UploadLogoResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: '/api/profile/logo', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
    }),
  }),
});

export const { useGetUsageQuery, useGetProfileQuery, useUpdateProfileMutation, useUploadLogoMutation } = accountApi;
