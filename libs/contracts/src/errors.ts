import { z } from 'zod';

/** Every non-OK HTTP response body. `message` is what the user reads. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * What a service may answer instead of a result. Services speak in codes; the gateway
 * alone turns a code into an HTTP status and the words a user reads.
 */
export const rpcErrorCodes = [
  'VALIDATION_FAILED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'NOT_FOUND',
  'FORBIDDEN',
  'CONFLICT',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'PLAN_REQUIRED',
  'NO_CREDITS',
  'UNAVAILABLE',
  'PAYMENT_PROVIDER_FAILED',
  'INTERNAL',
] as const;
export const rpcErrorCodeSchema = z.enum(rpcErrorCodes);
export type RpcErrorCode = z.infer<typeof rpcErrorCodeSchema>;

export const rpcErrorSchema = z.object({
  code: rpcErrorCodeSchema,
  /** Detail for logs and for VALIDATION_FAILED, where it names the broken rule. */
  detail: z.string().optional(),
});
export type RpcError = z.infer<typeof rpcErrorSchema>;

/** The spec's user-facing texts that more than one boundary needs. */
export const messages = {
  passwordTooShort: 'Password must be at least 6 characters',
  emailAndPasswordRequired: 'Email and password are required',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  sopTitleEmpty: 'SOP title cannot be empty',
  sopNotFound: 'SOP not found',
  stepTitleRequired: 'Each step needs a title',
  foreignImage: 'Images must be uploaded to Sopwright before they are attached',
  imageNotFound: 'Image not found',
  planRequired: 'Your Free plan cannot create SOPs. Upgrade your plan to continue.',
  noCredits: 'You have no credits left. Buy more credits or upgrade to Pro.',
  alreadyPro: 'You already have an active Pro subscription. Manage it from the billing page.',
  invalidStripeSignature: 'Invalid Stripe signature',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again.',
  unauthorized: 'Please log in to continue',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again.',
} as const;
