import { z } from 'zod';

export const checkoutUrlResponseSchema = z.object({ url: z.string() });
export type CheckoutUrlResponse = z.infer<typeof checkoutUrlResponseSchema>;

export const proCheckoutRequestSchema = z.object({ interval: z.enum(['month', 'year']) });
export type ProCheckoutRequest = z.infer<typeof proCheckoutRequestSchema>;

/** Legacy billing page body. The acting user always comes from the session, not from here. */
export const legacyCheckoutRequestSchema = z.object({
  userId: z.string().optional(),
  email: z.string().optional(),
});
export const portalRequestSchema = z.object({ userId: z.string().optional() });
