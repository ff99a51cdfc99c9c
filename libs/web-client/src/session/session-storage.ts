import type { AuthResponse, SessionUser } from '@sopwright/contracts';
import { WORKSPACE_KEY, workspaceSelection } from '../workspace/workspace-store';

/** Local-storage keys fixed by the spec (§3). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

type Listener = () => void;
const listeners = new Set<Listener>();

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getToken(storage = defaultStorage()): string | null {
  return storage?.getItem(TOKEN_KEY) || null;
}

/** A stored user that is not valid JSON of the right shape reads as no user (spec §4). */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as SessionUser).id === 'string' &&
      typeof (value as SessionUser).email === 'string'
    ) {
      return { id: (value as SessionUser).id, email: (value as SessionUser).email };
    }
    return null;
  } catch {
    return null;
  }
}

export function getUser(storage = defaultStorage()): SessionUser | null {
  return parseStoredUser(storage?.getItem(USER_KEY) ?? null);
}

/**
 * Logged in means a token is stored (spec §4, §6) together with a user that parses: an
 * unparsable stored user reads as no user, and a session without a user is logged out.
 */
export function isLoggedIn(storage = defaultStorage()): boolean {
  return getToken(storage) !== null && getUser(storage) !== null;
}

export function saveSession(auth: AuthResponse, storage = defaultStorage()): void {
  storage?.setItem(TOKEN_KEY, auth.token);
  storage?.setItem(USER_KEY, JSON.stringify(auth.user));
  notify();
}

/** Ends the session on this browser; the workspace it worked in is forgotten with it. */
export function clearSession(storage = defaultStorage()): void {
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
  storage?.removeItem(WORKSPACE_KEY);
  workspaceSelection.forget();
  notify();
}

/** Called on every change made through this module, and on changes from other tabs. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
