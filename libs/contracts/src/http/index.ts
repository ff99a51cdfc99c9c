export * from './auth';
export * from './sop';
export * from './account';
export * from './templates';
export * from './billing';
export * from './media';
export * from './generation';

/** Every public route, so the gateway, the web client and the tests agree on paths. */
export const apiRoutes = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  health: '/api/health',
  usage: '/api/usage',
  sops: '/api/sop',
  profile: '/api/profile',
  templates: '/api/templates',
  seedTemplates: '/api/templates/seed',
  generationJob: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  /** Payment routes live under the card provider's namespace (spec §7). */
  stripe: {
    checkoutStarter: '/api/stripe/checkout/starter',
    checkoutPro: '/api/stripe/checkout/pro',
    legacyCheckout: '/api/stripe/create-checkout-session',
    portal: '/api/stripe/portal',
    webhook: '/api/stripe/webhook',
    /** Local (test mode) checkout and portal, used when no Stripe key is configured. */
    localCheckout: (id: string) => `/api/stripe/local/checkouts/${encodeURIComponent(id)}`,
    completeLocalCheckout: (id: string) => `/api/stripe/local/checkouts/${encodeURIComponent(id)}/complete`,
    localPortal: '/api/stripe/local/portal',
    cancelLocalSubscription: '/api/stripe/local/portal/cancel',
    resumeLocalSubscription: '/api/stripe/local/portal/resume',
  },
} as const;
