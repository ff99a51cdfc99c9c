import { matchPath } from '@sopwright/web-client/base';
import { returnPathIn } from './return-path';

/** Who may open a route: anyone, only a logged-in user, or only a visitor (login, register). */
export type Access = 'public' | 'session' | 'guest';
/** Which header surrounds the page; 'by-session' picks the app or public header. */
export type Chrome = 'none' | 'public' | 'app' | 'by-session';
export type PageKey =
  | 'landing'
  | 'login'
  | 'register'
  | 'dashboard'
  | 'profile'
  | 'create'
  | 'sop'
  | 'templates'
  | 'pricing'
  | 'billing'
  | 'billingPortal'
  | 'checkout'
  | 'workspaceMembers'
  | 'workspaceActivity'
  | 'invitation'
  | 'sharedSop'
  | 'notFound';

export interface AppRoute {
  path: string;
  page: PageKey;
  access: Access;
  chrome: Chrome;
  /** The document title; null where the page's own heading names it (an SOP). */
  title: string | null;
}

/** Spec §2, matched by path pattern. */
export const routeTable: readonly AppRoute[] = [
  { path: '/', page: 'landing', access: 'public', chrome: 'none', title: 'Sopwright – AI SOP generator' },
  { path: '/login', page: 'login', access: 'guest', chrome: 'public', title: 'Log in' },
  { path: '/register', page: 'register', access: 'guest', chrome: 'public', title: 'Create an account' },
  { path: '/dashboard', page: 'dashboard', access: 'session', chrome: 'app', title: 'Dashboard' },
  { path: '/create', page: 'create', access: 'session', chrome: 'app', title: 'Create an SOP' },
  { path: '/sop/:id', page: 'sop', access: 'session', chrome: 'app', title: null },
  { path: '/templates', page: 'templates', access: 'public', chrome: 'by-session', title: 'Templates' },
  { path: '/pricing', page: 'pricing', access: 'public', chrome: 'by-session', title: 'Pricing' },
  { path: '/billing', page: 'billing', access: 'session', chrome: 'app', title: 'Billing' },
  // The local (test mode) checkout and portal that payments lead to when no Stripe key is set.
  { path: '/billing/portal', page: 'billingPortal', access: 'session', chrome: 'app', title: 'Billing portal' },
  { path: '/checkout/:checkoutId', page: 'checkout', access: 'session', chrome: 'app', title: 'Checkout' },
  { path: '/settings/profile', page: 'profile', access: 'session', chrome: 'app', title: 'Profile settings' },
  // The current team workspace's members and invitations (issue 17).
  { path: '/workspace/members', page: 'workspaceMembers', access: 'session', chrome: 'app', title: 'Workspace members' },
  // Who did what in the current team workspace (admins and owners).
  { path: '/workspace/activity', page: 'workspaceActivity', access: 'session', chrome: 'app', title: 'Workspace activity' },
  // An invitation link: what it is for, to anyone holding it; signed in, accepting it.
  { path: '/invite/:token', page: 'invitation', access: 'public', chrome: 'by-session', title: 'Invitation' },
  // A share link: one SOP, read-only, to anyone holding it.
  { path: '/s/:token', page: 'sharedSop', access: 'public', chrome: 'by-session', title: 'Shared SOP' },
];

export const notFoundRoute: AppRoute = { path: '*', page: 'notFound', access: 'public', chrome: 'by-session', title: 'Page not found' };

export function findRoute(pathname: string): AppRoute {
  return routeTable.find((route) => matchPath(route.path, pathname) !== null) ?? notFoundRoute;
}

/**
 * Where to send someone who may not see a route, or null to show it. A signed-in user on login
 * or register goes where its `?next=` says (a safe same-site path), else to the dashboard.
 */
export function redirectFor(access: Access, loggedIn: boolean, search = ''): string | null {
  if (access === 'session' && !loggedIn) return '/login';
  if (access === 'guest' && loggedIn) return returnPathIn(search) ?? '/dashboard';
  return null;
}
