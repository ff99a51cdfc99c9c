import { z } from 'zod';
import { messages } from '../errors';

export const PASSWORD_MIN_LENGTH = 6;

/** Trimmed and lower-cased, so one person has one account whatever they type. */
export const emailSchema = z
  .string({ error: messages.emailAndPasswordRequired })
  .trim()
  .toLowerCase()
  .min(1, messages.emailAndPasswordRequired)
  .pipe(z.email(messages.invalidEmail).max(254, messages.invalidEmail));

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.emailAndPasswordRequired })
    .min(1, messages.emailAndPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    // argon2 hashes any length, but an unbounded body is a denial-of-service lever.
    .max(1024, 'Password must be at most 1024 characters'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.emailAndPasswordRequired }).min(1, messages.emailAndPasswordRequired).max(1024, messages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Claims inside the session JWT. `sub` is the user id. */
export const sessionClaimsSchema = z.object({
  sub: z.string().uuid(),
  email: z.string(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** Name of the httpOnly cookie that carries the session for new-tab downloads. */
export const SESSION_COOKIE = 'sopwright_session';
