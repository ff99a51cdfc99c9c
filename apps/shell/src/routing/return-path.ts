/**
 * Where login and register go once they succeed: the page that sent the visitor there, named in
 * their `next` query parameter (an invitation link sends `?next=/invite/<token>`). Only a path
 * on this site is followed, never another origin (`//evil.example`, `/\evil.example`,
 * `https://…`), so a crafted link cannot send someone elsewhere after they sign in.
 */
export const RETURN_PARAM = 'next';

const base = 'https://sopwright.invalid';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  // The URL parser reads '//host', '/\host' and tab- or newline-split forms as another origin.
  if (url.origin !== base || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Back to login or register would go round in a circle.
  if (url.pathname === '/login' || url.pathname === '/register') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/login' or '/register', carrying where to come back to when that is a safe path. */
export function withReturnPath(page: '/login' | '/register', returnTo: string | null | undefined): string {
  const path = safeReturnPath(returnTo);
  return path ? `${page}?${RETURN_PARAM}=${encodeURIComponent(path)}` : page;
}

/** The safe return path in a location's query string (`?next=…`), or null. */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
