import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema, sessionUserSchema } from '../http/auth';
import { defineMessage } from './define-message';

/** The auth service issues the session token; the gateway verifies it with the shared secret. */
const authResultSchema = z.object({ token: z.string(), user: sessionUserSchema });

export const authMessages = {
  register: defineMessage('auth.register', registerRequestSchema, authResultSchema),
  login: defineMessage('auth.login', loginRequestSchema, authResultSchema),
  /** Readiness: answers only when the service and its database are up. */
  ping: defineMessage('auth.ping', z.object({}), z.object({ ok: z.literal(true) })),
  getUser: defineMessage('auth.get-user', z.object({ userId: z.string().uuid() }), sessionUserSchema),
} as const;
