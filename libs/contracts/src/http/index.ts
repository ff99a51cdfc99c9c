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
} as const;
