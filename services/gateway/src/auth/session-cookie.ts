import { SESSION_COOKIE } from '@sopwright/contracts';
import type { CookieOptions, Response } from 'express';

/**
 * The session also travels as an httpOnly cookie: exports and images open in new tabs,
 * where the client cannot attach a bearer header.
 */
export function sessionCookieOptions(secure: boolean, ttlSeconds: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: ttlSeconds * 1000 };
}

export function setSessionCookie(res: Response, token: string, secure: boolean, ttlSeconds: number): void {
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(secure, ttlSeconds));
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(secure, 0);
  res.clearCookie(SESSION_COOKIE, options);
}
