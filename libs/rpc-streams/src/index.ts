export { RedisStreamsServer, NO_MESSAGE_HANDLER, type HandledRequest, type RedisStreamsServerOptions, type RedisStreamsStatus } from './server';
export { RedisStreamsClient, unavailable, type RedisStreamsClientOptions, type UnavailableError } from './client';
export { RedisStreamsContext, type RedisStreamsContextArgs } from './context';
export { redisStreamsClient, redisStreamsStrategy } from './wiring';
export {
  CONSUMER_GROUP,
  REDIS_STREAMS_TRANSPORT,
  REPLY_STREAM_GLOB,
  replyStreamKey,
  requestStreamKey,
  serviceOfPattern,
} from './keys';
