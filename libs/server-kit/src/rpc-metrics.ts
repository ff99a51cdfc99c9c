import { rpcErrorCodes, rpcErrorSchema } from '@sopwright/contracts';
import type { HandledRequest } from '@sopwright/rpc-streams';
import { histogram, latencyBuckets, oneOf } from './metrics';

/**
 * RPC over the Redis Streams transport, seen from both ends. `pattern` is the message's
 * pattern from the contracts (`billing.credits.reserve`); `outcome` is `ok`, an RpcError
 * code (`NOT_FOUND`, `UNAVAILABLE`, …) or, caller side, `timeout`; handler side also
 * `no_handler`, `expired` (dropped unrun: its caller had given up) and `malformed`.
 */
export const rpcClientDuration = histogram({
  name: 'sopwright_rpc_client_duration_seconds',
  help: 'RPC calls made by this process over Redis Streams, from send to answer, by message pattern and outcome (ok, an RpcError code, timeout).',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: latencyBuckets,
});

export const rpcServerDuration = histogram({
  name: 'sopwright_rpc_server_duration_seconds',
  help: 'RPC requests handled by this process, from taking the request to acknowledging it, by message pattern and outcome (ok, an RpcError code, no_handler, expired, malformed).',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: latencyBuckets,
});

/** An error's code when it is an RpcError (a known code), else INTERNAL: what the caller is told. */
export function rpcErrorCode(error: unknown): string {
  const parsed = rpcErrorSchema.safeParse(error);
  return parsed.success ? parsed.data.code : 'INTERNAL';
}

/** `onHandled` of the transport: one observation per request, patterns nobody serves as `unknown`. */
export function observeRpcServer(request: HandledRequest): void {
  const outcome = request.outcome === 'error' ? rpcErrorCode(request.error) : request.outcome;
  rpcServerDuration.observe({ pattern: request.handled ? request.pattern : 'unknown', outcome: oneOf(outcome, [...rpcErrorCodes, 'ok', 'no_handler', 'expired', 'malformed'], 'INTERNAL') }, request.durationMs / 1000);
}
