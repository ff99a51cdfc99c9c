import { z } from 'zod';
import { profileSchema } from '../http/account';
import { connectCodeSchema, extensionConnectionSchema, extensionTokenResponseSchema } from '../http/extension';
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
  /** A fresh connect code for the user's capture extension (ten minutes, once; the five newest unused codes stay open). */
  createConnectCode: defineMessage('auth.extension.create-code', z.object({ userId: z.string().uuid() }), connectCodeSchema),
  /** Trades a valid code (once) for an extension token; VALIDATION_FAILED when the code is wrong, used or expired. */
  redeemConnectCode: defineMessage(
    'auth.extension.redeem-code',
    /** `requestId` is the gateway's, one per HTTP request: the same request delivered twice answers the same token. */
    z.object({ code: z.string().max(20), name: z.string().max(60), requestId: z.string().uuid() }),
    extensionTokenResponseSchema,
  ),
  listExtensionConnections: defineMessage('auth.extension.list', z.object({ userId: z.string().uuid() }), z.array(extensionConnectionSchema)),
  /** Disconnects at once; NOT_FOUND for a connection that is not the user's. */
  revokeExtensionConnection: defineMessage(
    'auth.extension.revoke',
    z.object({ userId: z.string().uuid(), connectionId: z.string().uuid() }),
    z.object({ ok: z.literal(true) }),
  ),
  /** Whose connected extension presents this token; NOT_FOUND when unknown or disconnected. */
  verifyExtensionToken: defineMessage(
    'auth.extension.verify',
    z.object({ token: z.string().max(200) }),
    z.object({ user: sessionUserSchema, connection: extensionConnectionSchema }),
  ),
} as const;
