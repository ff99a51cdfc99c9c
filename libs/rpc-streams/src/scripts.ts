import { LuaScript } from './redis';

/**
 * Answers a request and retires it in one step, so a reply is never sent without the
 * request being acknowledged, nor acknowledged without the reply.
 *
 * Only while the request is still pending (any owner): a replica that was frozen, lost the
 * request to `XAUTOCLAIM` and woke up after the new owner answered finds it gone and sends
 * nothing, so each request is answered at most once. The reply is written only if the
 * caller's reply stream still exists (the caller refreshes its expiry while alive); a
 * caller that went away gets no stream recreated by a late answer.
 *
 * KEYS: request stream, reply stream. ARGV: group, entry id, request id, reply JSON, reply MAXLEN.
 * Returns 1 answered, 0 acknowledged but the caller is gone, -1 no longer pending.
 */
export const replyAndAck = new LuaScript(
  'replyAndAck',
  `
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1)
if #pending == 0 then return -1 end
local answered = 0
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'id', ARGV[3], 'r', ARGV[4])
  answered = 1
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return answered
`,
  2,
);

/**
 * Retires a request without answering (an event, or a request whose deadline has passed).
 * KEYS: request stream. ARGV: group, entry id. Returns how many entries were acknowledged.
 */
export const ackAndDelete = new LuaScript(
  'ackAndDelete',
  `
local acked = redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return acked
`,
  1,
);

/**
 * Heartbeat for requests still being worked on: resets their idle time (so no other replica
 * claims them) with XCLAIM … JUSTID, but only for those this consumer still owns; a request
 * another replica took over is left alone and reported back as lost.
 * KEYS: request stream. ARGV: group, consumer, entry ids… Returns the lost entry ids.
 */
export const heartbeat = new LuaScript(
  'heartbeat',
  `
local lost = {}
for i = 3, #ARGV do
  local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[i], ARGV[i], 1)
  if #pending == 1 and pending[1][2] == ARGV[2] then
    redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[i], 'JUSTID')
  else
    table.insert(lost, ARGV[i])
  end
end
return lost
`,
  1,
);

/**
 * Removes consumers that have nothing pending and have not read for `minIdleMs` (replicas
 * that went away). Atomic, so a consumer that just read something is never removed with it.
 * KEYS: request stream. ARGV: group, minIdleMs, this consumer (never removed). Returns the names removed.
 */
export const removeIdleConsumers = new LuaScript(
  'removeIdleConsumers',
  `
local removed = {}
local consumers = redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
for _, entry in ipairs(consumers) do
  local info = {}
  for i = 1, #entry, 2 do info[entry[i]] = entry[i + 1] end
  if info['name'] ~= ARGV[3] and tonumber(info['pending']) == 0 and tonumber(info['idle']) > tonumber(ARGV[2]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], info['name'])
    table.insert(removed, info['name'])
  end
end
return removed
`,
  1,
);

/**
 * Removes this consumer from the group on shutdown, unless it still has pending entries
 * (those must stay claimable). KEYS: request stream. ARGV: group, consumer. Returns 1 if removed.
 */
export const removeConsumerIfIdle = new LuaScript(
  'removeConsumerIfIdle',
  `
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #pending > 0 then return 0 end
redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
return 1
`,
  1,
);

/**
 * Makes sure a client's reply stream exists (an empty stream: one entry added and deleted)
 * and pushes its expiry out by `ttlMs`. KEYS: reply stream. ARGV: ttlMs.
 */
export const touchReplyStream = new LuaScript(
  'touchReplyStream',
  `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local id = redis.call('XADD', KEYS[1], '*', 'init', '1')
  redis.call('XDEL', KEYS[1], id)
end
return redis.call('PEXPIRE', KEYS[1], ARGV[1])
`,
  1,
);
