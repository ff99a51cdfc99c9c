import type { CheckoutUrlResponse, LocalCheckout, LocalPortal, ProCheckoutRequest, Usage } from '@sopwright/contracts';
import { apiRoutes } from '@sopwright/contracts/constants';
import { sopwrightApi } from './sopwright-api';

/** Payments (spec §7): each checkout answers a URL the browser then goes to. */
const billingApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    startStarterCheckout: build.mutation<CheckoutUrlResponse, void>({
      query: () => ({ url: apiRoutes.stripe.checkoutStarter, method: 'POST' }),
    }),
    startProCheckout: build.mutation<CheckoutUrlResponse, ProCheckoutRequest>({
      query: (body) => ({ url: apiRoutes.stripe.checkoutPro, method: 'POST', body }),
    }),
    /** The legacy billing page's body; the server takes the user from the session. */
    startLegacyCheckout: build.mutation<CheckoutUrlResponse, { userId: string; email: string }>({
      query: (body) => ({ url: apiRoutes.stripe.legacyCheckout, method: 'POST', body }),
    }),
    openPortal: build.mutation<CheckoutUrlResponse, { userId: string }>({
      query: (body) => ({ url: apiRoutes.stripe.portal, method: 'POST', body }),
    }),
    getLocalCheckout: build.query<LocalCheckout, string>({
      query: (id) => apiRoutes.stripe.localCheckout(id),
      providesTags: (_result, _error, id) => [{ type: 'Checkout', id }],
    }),
    completeLocalCheckout: build.mutation<Usage, string>({
      query: (id) => ({ url: apiRoutes.stripe.completeLocalCheckout(id), method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : ['Usage', 'Portal', { type: 'Checkout', id }]),
    }),
    getLocalPortal: build.query<LocalPortal, void>({
      query: () => apiRoutes.stripe.localPortal,
      providesTags: ['Portal'],
    }),
    cancelLocalSubscription: build.mutation<LocalPortal, void>({
      query: () => ({ url: apiRoutes.stripe.cancelLocalSubscription, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Usage', 'Portal']),
    }),
    resumeLocalSubscription: build.mutation<LocalPortal, void>({
      query: () => ({ url: apiRoutes.stripe.resumeLocalSubscription, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Usage', 'Portal']),
    }),
  }),
});

export const {
  useStartStarterCheckoutMutation,
  useStartProCheckoutMutation,
  useStartLegacyCheckoutMutation,
  useOpenPortalMutation,
  useGetLocalCheckoutQuery,
  useCompleteLocalCheckoutMutation,
  useGetLocalPortalQuery,
  useCancelLocalSubscriptionMutation,
  useResumeLocalSubscriptionMutation,
} = billingApi;
