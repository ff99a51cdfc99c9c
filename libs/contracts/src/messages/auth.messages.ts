import { z } from 'zod';
import { profileSchema } from '../http/account';
import { loginRequestSchema, registerRequestSchema, sessionUserSchema } from '../http/auth';
import { pingMessage } from './common';
import { defineMessage } from './define-message';

/** The auth service issues the session token; the gateway verifies it with the shared secret. */
const authResultSchema = z.object({ token: z.string(), user: sessionUserSchema });

export const authMessages = {
  register: defineMessage('auth.register', registerRequestSchema, authResultSchema),
  login: defineMessage('auth.login', loginRequestSchema, authResultSchema),
  ping: pingMessage('auth'),
  getUser: defineMessage('auth.get-user', z.object({ userId: z.string().uuid() }), sessionUserSchema),
  getProfile: defineMessage('auth.profile.get', z.object({ userId: z.string().uuid() }), profileSchema),
  /** `companyName` absent keeps it; `companyLogoUrl: null` removes the logo; a string sets it. */
  updateProfile: defineMessage(
    'auth.profile.update',
    z.object({
      userId: z.string().uuid(),
      companyName: z.string().trim().max(120, 'Company name must be at most 120 characters').nullable().optional(),
      companyLogoUrl: z.string().nullable().optional(),
    }),
    profileSchema,
  ),
} as const;
