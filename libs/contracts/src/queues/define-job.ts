import type { z } from 'zod';

/**
 * A BullMQ queue and the payload of its jobs. Producers validate before enqueueing and
 * workers validate again on receipt. Payloads carry object-storage keys, never file bytes.
 */
export interface JobDefinition<Payload extends z.ZodType> {
  readonly queue: string;
  readonly name: string;
  readonly payload: Payload;
}

export function defineJob<Payload extends z.ZodType>(queue: string, name: string, payload: Payload): JobDefinition<Payload> {
  return { queue, name, payload };
}

export type JobPayload<J> = J extends JobDefinition<infer P> ? z.output<P> : never;
