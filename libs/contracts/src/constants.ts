/**
 * The contracts' plain values, with no zod: what browser code needs at run time (paths, a
 * header name, a page size) without pulling in the schemas. `@sopwright/contracts/constants`;
 * the main entry re-exports all of it.
 */

/** The most summaries one page holds. */
export const SOP_PAGE_MAX = 100;

/**
 * Following a generation. POST /api/sop/from-{text,video,audio,photos} waits for the SOP
 * (the spec's client expects it to exist when the call returns), so a client that wants
 * progress names the generation itself: it sends a fresh UUID in this header and polls
 * GET /api/jobs/{that id} while the POST is in flight. The same id sent again never
 * charges twice; it answers with the SOP the first call made.
 */
export const generationIdHeader = 'x-generation-id';

/**
 * Automatic redaction on generation: the field of a from-* request (multipart form field or
 * JSON body field) that turns it off with "false" (or JSON false). On when left out: emails,
 * phone and card numbers, IBANs, IP addresses and keys are blurred in the step images and
 * masked in the text.
 */
export const redactField = 'redact';

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

export * from './image-edit';
export * from './capture';
export * from './workspace-rules';
export * from './sop-governance-rules';
export * from './template-notes';
