/**
 * The part of the web client without Redux: the router parts apps use and the stored session.
 * It is a federation singleton of its own ('@sopwright/web-client/base'), so the shell's public
 * pages (the landing page) load it without Redux Toolkit and RTK Query, which come with the
 * main entry when a page needs the store. The main entry re-exports all of it: the same
 * modules, one router and one session either way.
 */
export * from './router';
export {
  TOKEN_KEY,
  USER_KEY,
  getToken,
  getUser,
  isLoggedIn,
  parseStoredUser,
  saveSession,
  clearSession,
  subscribeToSession,
} from './session/session-storage';
export { useSession, type Session } from './session/use-session';
