import { z } from 'zod';
import { defineJob } from './define-job';

/**
 * Settles a held credit: commit after a generation made its SOP, refund after it finally failed.
 * A queue rather than a call, so a settlement sent while billing or its database is down is
 * retried until it lands. Settling is idempotent; the job id is one per reservation and outcome.
 */
export const creditSettlementJob = defineJob(
  'credit-settlement',
  'settle',
  z.object({
    reservationId: z.string().uuid(),
    outcome: z.enum(['commit', 'refund']),
  }),
);

export const creditSettlementJobId = (reservationId: string, outcome: 'commit' | 'refund') => `${outcome}_${reservationId}`;

/** Retries for a settlement: every attempt backs off up to a minute, for about a day in all. */
export const creditSettlementRetries = { attempts: 1500, backoff: { type: 'custom' } } as const;
export const creditSettlementBackoffMs = (attemptsMade: number) => Math.min(60_000, 500 * 2 ** Math.max(0, attemptsMade - 1));
