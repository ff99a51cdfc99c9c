import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@sopwright/contracts';
import { TOKEN_KEY, USER_KEY, parseStoredUser, subscribeToSession } from './session-storage';

export interface Session {
  token: string | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
}

const noSession: Session = { token: null, user: null, isLoggedIn: false };
let cached: { token: string | null; rawUser: string | null; session: Session } | undefined;

/** useSyncExternalStore needs the same object while storage is unchanged. */
function readSnapshot(): Session {
  if (typeof localStorage === 'undefined') return noSession;
  const token = localStorage.getItem(TOKEN_KEY) || null;
  const rawUser = localStorage.getItem(USER_KEY);
  if (!cached || cached.token !== token || cached.rawUser !== rawUser) {
    const user = parseStoredUser(rawUser);
    cached = { token, rawUser, session: { token, user, isLoggedIn: token !== null && user !== null } };
  }
  return cached.session;
}

/** The stored session as React state: re-renders on login, logout and changes in other tabs. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, readSnapshot, () => noSession);
}
