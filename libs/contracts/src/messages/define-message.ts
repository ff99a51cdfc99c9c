import type { z } from 'zod';

/**
 * A request/response message between services: one pattern, one schema each way.
 * Both ends validate against the same definition, so a drifted payload fails loudly.
 */
export interface MessageDefinition<Req extends z.ZodType, Res extends z.ZodType> {
  readonly pattern: string;
  readonly request: Req;
  readonly response: Res;
}

export function defineMessage<Req extends z.ZodType, Res extends z.ZodType>(
  pattern: string,
  request: Req,
  response: Res,
): MessageDefinition<Req, Res> {
  return { pattern, request, response };
}

export type MessageRequest<M> = M extends MessageDefinition<infer Req, z.ZodType> ? z.input<Req> : never;
export type MessageResponse<M> = M extends MessageDefinition<z.ZodType, infer Res> ? z.output<Res> : never;
