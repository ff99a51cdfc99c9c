import { z } from 'zod';
import { planTypeSchema, usageSchema } from '../http/account';
import { pingMessage, uuidSchema } from './common';
import { defineMessage } from './define-message';

const userRef = z.object({ userId: uuidSchema });

/** Idempotency key of one attempt to spend a credit, e.g. a generation job id. */
const idempotencyKey = z.string().min(1).max(200);

export const creditReservationSchema = z.object({
  reservationId: uuidSchema,
  status: z.enum(['reserved', 'committed', 'refunded']),
  /** False on Pro, where nothing is debited. */
  charged: z.boolean(),
});
export type CreditReservation = z.infer<typeof creditReservationSchema>;

export const billingMessages = {
  ping: pingMessage('billing'),
  getUsage: defineMessage('billing.usage.get', userRef, usageSchema),
  /** Takes one credit for `key` (or none on Pro). Free, or Starter at 0 credits, is refused. */
  reserveCredit: defineMessage('billing.credits.reserve', userRef.extend({ key: idempotencyKey }), creditReservationSchema),
  commitCredit: defineMessage('billing.credits.commit', z.object({ reservationId: uuidSchema }), creditReservationSchema),
  refundCredit: defineMessage('billing.credits.refund', z.object({ reservationId: uuidSchema }), creditReservationSchema),
  /** Adds credits once per `key` (a paid checkout, a support grant). */
  grantCredits: defineMessage(
    'billing.credits.grant',
    userRef.extend({ credits: z.number().int().positive().max(10_000), key: idempotencyKey, reason: z.string().max(200) }),
    usageSchema,
  ),
  setPlan: defineMessage('billing.plan.set', userRef.extend({ planType: planTypeSchema, reason: z.string().max(200) }), usageSchema),
} as const;
