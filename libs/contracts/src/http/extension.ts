import { z } from 'zod';

/**
 * Connecting the capture extension. The signed-in user asks the app for a short connect
 * code and types it into the extension's popup, which trades it for a token of its own: the
 * token can create SOPs from a capture and nothing else, is listed in Settings, and stops
 * working the moment it is disconnected. Never the password, never the session cookie.
 */
export const CONNECT_CODE_TTL_SECONDS = 10 * 60;
/** Eight characters of Crockford's base32 shown as XXXX-XXXX: about 40 bits, for ten minutes, once. */
export const connectCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}$/;
/** Extension tokens are opaque and start with this, so they are never mistaken for a session. */
export const EXTENSION_TOKEN_PREFIX = 'spwx_';

export const extensionMessages = {
  codeInvalid: 'That code is not valid or has expired. Create a new one in Settings.',
  tokenInvalid: 'This extension is not connected. Connect it again from Settings.',
  connectionNotFound: 'Connection not found',
} as const;

export const connectCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type ConnectCode = z.infer<typeof connectCodeSchema>;

export const extensionConnectionSchema = z.object({
  id: z.string().uuid(),
  /** What the extension says it runs in ("Chrome on Linux"), to tell connections apart. */
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ExtensionConnection = z.infer<typeof extensionConnectionSchema>;

/** POST /api/extension/connections — no session: the code is the proof. */
export const redeemConnectCodeRequestSchema = z
  .object({
    code: z
      .string({ error: extensionMessages.codeInvalid })
      .trim()
      .transform((code) => code.toUpperCase())
      .refine((code) => connectCodePattern.test(code), extensionMessages.codeInvalid),
    name: z.string().trim().min(1).max(60, 'The extension name must be at most 60 characters').default('Capture extension'),
  })
  .strict();
export type RedeemConnectCodeRequest = z.input<typeof redeemConnectCodeRequestSchema>;

export const extensionTokenResponseSchema = z.object({ token: z.string(), connection: extensionConnectionSchema });
export type ExtensionTokenResponse = z.infer<typeof extensionTokenResponseSchema>;

/** GET /api/extension/connection with the extension's token: who it creates SOPs for. */
export const extensionWhoAmISchema = z.object({ connection: extensionConnectionSchema, email: z.string() });
export type ExtensionWhoAmI = z.infer<typeof extensionWhoAmISchema>;
