/** Redis key layout and the routing rule shared by client and server. */

/** Identifies this transport to Nest (`Server#transportId`, processing hooks). */
export const REDIS_STREAMS_TRANSPORT = Symbol('REDIS_STREAMS');

const REQUEST_PREFIX = 'rpc:req:';
const REPLY_PREFIX = 'rpc:reply:';

/** Where requests for `service` are queued: one stream per service. */
export const requestStreamKey = (service: string): string => `${REQUEST_PREFIX}${service}`;

/** One reply stream per client instance. */
export const replyStreamKey = (clientId: string): string => `${REPLY_PREFIX}${clientId}`;

/** Glob matching every reply stream (for diagnostics and leak checks). */
export const REPLY_STREAM_GLOB = `${REPLY_PREFIX}*`;

/**
 * The consumer group the replicas of a service read its request stream with. Each service
 * has its own stream, so one name serves every service, and one XREADGROUP call can read
 * the streams of several services at once.
 */
export const CONSUMER_GROUP = 'replicas';

/**
 * The service a pattern belongs to: its first dot-separated segment
 * (`billing.credits.refund` → `billing`). Patterns with no dot, and object patterns
 * (whose route is JSON), go to the `default` service.
 */
export function serviceOfPattern(route: string): string {
  const match = /^([A-Za-z0-9_-]+)\./.exec(route);
  return match ? match[1]! : 'default';
}

/** Fields of a request entry on `rpc:req:<service>`. */
export const RequestField = {
  /** The packet id: a UUID the client generated, the same on every delivery. */
  id: 'id',
  /** The normalized pattern (route), for logs and `XRANGE` readers. */
  pattern: 'pattern',
  /** The serialized Nest packet `{ id, pattern, data, metadata }` as JSON. */
  packet: 'packet',
  /** The caller's reply stream; absent for events. */
  reply: 'reply',
  /** Epoch ms after which nobody waits for the answer: the request is dropped unrun. */
  deadline: 'deadline',
  /** The caller's trace context (W3C headers as JSON); absent when the caller traces nothing. */
  trace: 'trace',
} as const;

/** Field of a reply entry: a JSON array of Nest `WritePacket`s, each carrying `id`. */
export const REPLY_FIELD = 'r';
/** The request id, duplicated outside the JSON so the client can route without parsing. */
export const REPLY_ID_FIELD = 'id';
