import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  ClientProxy,
  type Deserializer,
  type PacketId,
  type ReadPacket,
  type Serializer,
  type WritePacket,
} from '@nestjs/microservices';
import type { Redis, RedisOptions } from 'ioredis';
import { REPLY_FIELD, REPLY_ID_FIELD, replyStreamKey, RequestField, requestStreamKey, serviceOfPattern } from './keys';
import { closeConnection, type ConnectionListener, createConnection, errorMessage, fieldsToObject, sleep, ThrottledReporter } from './redis';
import { touchReplyStream } from './scripts';
import { endSendSpan, outsideTraces, startSendSpan } from './tracing';

export interface RedisStreamsClientOptions {
  /** `redis://[:password@]host:port[/db]` (or `rediss://`). */
  url: string;
  /**
   * How long a caller waits for an answer, ms: sent along as the request's deadline, after
   * which replicas drop the request unrun. Match the caller's own rxjs timeout (RpcClient's
   * is 15 s). The client also fails a request itself 1 s after it, should nothing else.
   * Default 15000.
   */
  timeoutMs?: number;
  /** How long a `send` waits for Redis when not connected, before failing with UNAVAILABLE. Default 2000. */
  connectTimeoutMs?: number;
  /** BLOCK of the reply reader's XREAD, ms. Default 5000. */
  blockMs?: number;
  /**
   * Expiry of this client's reply stream, refreshed every third of it while the client
   * lives, so a crashed client's stream goes away on its own. Default 60000.
   */
  replyTtlMs?: number;
  /** MAXLEN ~ of request streams: a safety net against runaway queues. Default 100000. */
  maxRequestStreamLength?: number;
  /**
   * The service, hence the stream `rpc:req:<service>`, a request goes to: a fixed name, or a
   * function of the pattern. Default: the pattern's first dot-separated segment.
   */
  service?: string | ((pattern: string) => string);
  /** Extra ioredis options (TLS, …); connection handling options are set here. */
  redisOptions?: RedisOptions;
  serializer?: Serializer;
  deserializer?: Deserializer;
}

/** What a caller receives when Redis cannot be reached: an `RpcError`, as a service would answer. */
export interface UnavailableError {
  code: 'UNAVAILABLE';
  detail: string;
}

export const unavailable = (detail: string): UnavailableError => ({ code: 'UNAVAILABLE', detail });

interface PendingRequest {
  callback: (packet: WritePacket) => void;
  deadline: number;
}

/**
 * The caller's side of the Redis Streams transport, a drop-in `ClientProxy`:
 *
 * `ClientProxyFactory.create({ customClass: RedisStreamsClient, options: { url } })`
 *
 * Requests go to `rpc:req:<service>` with this client's own reply stream and a deadline;
 * answers come back on that stream only. The first answer for a request id wins, anything
 * later for it is dropped. When Redis is down, `send` fails within `connectTimeoutMs` with
 * `{ code: 'UNAVAILABLE' }` rather than waiting for the caller's timeout.
 */
export class RedisStreamsClient extends ClientProxy {
  protected readonly logger = new Logger(RedisStreamsClient.name);

  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly blockMs: number;
  private readonly replyTtlMs: number;
  private readonly maxRequestStreamLength: number;
  private readonly serviceOf: (pattern: string) => string;

  private writer?: Redis;
  private reader?: Redis;
  private replyStreamName?: string;
  /** Set once the reply stream exists, i.e. answers can be delivered. */
  private replyStreamReady = false;
  private readonly readyWaiters = new Set<{ resolve: () => void; timer: NodeJS.Timeout }>();
  private readLoop?: Promise<void>;
  private timers: NodeJS.Timeout[] = [];
  private closing = false;
  private readonly pending = new Map<string, PendingRequest>();
  private pendingEventListeners: { event: string; callback: ConnectionListener }[] = [];
  private readonly errors = new ThrottledReporter((message) => this.logger.error(message));
  /** Answers that arrived for no waiting request (late, after a timeout, or duplicates). */
  droppedReplies = 0;

  constructor(private readonly options: RedisStreamsClientOptions) {
    super();
    if (!options?.url) throw new Error('RedisStreamsClient needs a Redis url');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
    this.blockMs = options.blockMs ?? 5_000;
    this.replyTtlMs = Math.max(3_000, options.replyTtlMs ?? 60_000);
    this.maxRequestStreamLength = options.maxRequestStreamLength ?? 100_000;
    const service = options.service;
    this.serviceOf = typeof service === 'function' ? service : typeof service === 'string' ? () => service : serviceOfPattern;
    this.initializeSerializer(options);
    this.initializeDeserializer(options);
  }

  /** This client's reply stream (`rpc:reply:<uuid>`), once connected. */
  get replyStream(): string | undefined {
    return this.replyStreamName;
  }

  /** Requests waiting for an answer. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Opens the connections on first use. Resolves once Redis is reachable and the reply
   * stream exists; rejects with `{ code: 'UNAVAILABLE' }` after `connectTimeoutMs` if not
   * (the connections keep retrying in the background).
   */
  connect(): Promise<void> {
    if (!this.writer) this.open();
    if (this.isReady()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve,
        timer: setTimeout(() => {
          this.readyWaiters.delete(waiter);
          reject(unavailable(`Redis is unreachable (${this.writer?.status ?? 'closed'})`));
        }, this.connectTimeoutMs),
      };
      this.readyWaiters.add(waiter);
    });
  }

  /** Fails what is still waiting, deletes the reply stream and closes both connections. */
  async close(): Promise<void> {
    if (!this.writer) return;
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.failAll('The client was closed');
    const writer = this.writer;
    const reader = this.reader;
    const replyStream = this.replyStreamName!;
    reader?.disconnect(false);
    if (writer.status === 'ready') await writer.del(replyStream).catch(() => undefined);
    // The reply loop ends with its connection (not awaited: see closeConnection).
    await Promise.all([closeConnection(reader), closeConnection(writer)]);
    this.writer = this.reader = undefined;
    this.readLoop = undefined;
    this.replyStreamName = undefined;
    this.replyStreamReady = false;
    this.closing = false;
  }

  override on(event: string, callback: ConnectionListener): void {
    this.pendingEventListeners.push({ event, callback });
    this.writer?.on(event, (...args: unknown[]) => callback('writer', ...args));
    this.reader?.on(event, (...args: unknown[]) => callback('reader', ...args));
  }

  /** `[writer, reader]`: the connection for requests and the blocking reply reader. */
  unwrap<T>(): T {
    if (!this.writer || !this.reader) throw new Error('Not initialized. Please call the "connect" method first.');
    return [this.writer, this.reader] as T;
  }

  protected override assignPacketId(packet: ReadPacket): ReadPacket & PacketId {
    return Object.assign(packet, { id: randomUUID() });
  }

  protected publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    try {
      const packet = this.assignPacketId(partialPacket);
      const writer = this.writer;
      if (!writer || writer.status !== 'ready') {
        callback({ err: unavailable('Redis is unreachable'), isDisposed: true });
        return () => undefined;
      }
      const route = this.normalizePattern(packet.pattern);
      const stream = requestStreamKey(this.serviceOf(route));
      const deadline = Date.now() + this.timeoutMs;
      const body = JSON.stringify(this.serializer.serialize(packet));
      const { span, carrier } = startSendSpan(route, stream, false);
      let spanEnded = false;
      const endSpan = (error?: unknown, outcome?: string) => {
        if (spanEnded) return;
        spanEnded = true;
        endSendSpan(span, error, outcome);
      };
      const answered = (response: WritePacket) => {
        if (response.err !== undefined) endSpan(response.err, 'error');
        else if (response.isDisposed) endSpan(undefined, 'ok');
        callback(response);
      };
      this.pending.set(packet.id, { callback: answered, deadline });
      writer
        .xadd(
          stream,
          'MAXLEN',
          '~',
          this.maxRequestStreamLength,
          '*',
          RequestField.id,
          packet.id,
          RequestField.pattern,
          route,
          RequestField.packet,
          body,
          RequestField.reply,
          this.replyStreamName!,
          RequestField.deadline,
          deadline,
          ...(carrier ? [RequestField.trace, carrier] : []),
        )
        .catch((error: unknown) => {
          if (this.pending.delete(packet.id)) answered({ err: unavailable(`Request not sent: ${errorMessage(error)}`), isDisposed: true });
        });
      return () => {
        this.pending.delete(packet.id);
        // The caller stopped waiting (its own timeout) before an answer came.
        endSpan(undefined, 'cancelled');
      };
    } catch (error) {
      callback({ err: error, isDisposed: true });
      return () => undefined;
    }
  }

  /** Events go to one replica of the service (a work queue, unlike Redis pub/sub); no answer. */
  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const writer = this.writer;
    if (!writer || writer.status !== 'ready') throw unavailable('Redis is unreachable');
    const route = this.normalizePattern(packet.pattern);
    const stream = requestStreamKey(this.serviceOf(route));
    const body = JSON.stringify(this.serializer.serialize(packet));
    const { span, carrier } = startSendSpan(route, stream, true);
    try {
      await writer.xadd(stream, 'MAXLEN', '~', this.maxRequestStreamLength, '*', RequestField.pattern, route, RequestField.packet, body, ...(carrier ? [RequestField.trace, carrier] : []));
      endSendSpan(span, undefined, 'sent');
    } catch (error) {
      endSendSpan(span, error, 'error');
      throw error;
    }
    return undefined as T;
  }

  private open(): void {
    // Connections, timers and the reply loop outlive the call that happened to open them:
    // started outside any trace, they never count as that request's work.
    outsideTraces(() => this.openConnections());
  }

  private openConnections(): void {
    this.closing = false;
    this.replyStreamName = replyStreamKey(randomUUID());
    const onError = (error: Error) => this.errors.error(`Redis: ${error.message}`);
    const writer = createConnection({
      url: this.options.url,
      name: `rpc-streams:client:${this.replyStreamName}`,
      onError,
      maxRetriesPerRequest: 1,
      autoPipelining: true,
      redisOptions: this.options.redisOptions,
    });
    const reader = createConnection({
      url: this.options.url,
      name: `rpc-streams:client-reader:${this.replyStreamName}`,
      onError,
      maxRetriesPerRequest: null,
      redisOptions: this.options.redisOptions,
    });
    this.writer = writer;
    this.reader = reader;
    for (const { event, callback } of this.pendingEventListeners) {
      writer.on(event, (...args: unknown[]) => callback('writer', ...args));
      reader.on(event, (...args: unknown[]) => callback('reader', ...args));
    }
    writer.on('reconnecting', () => !this.closing && this._status$.next('reconnecting'));
    writer.on('end', () => !this.closing && this._status$.next('disconnected'));
    // After every (re)connection: Redis may have lost the stream (a restart without persistence).
    writer.on('ready', () => {
      this.errors.reset();
      void this.touchReplyStream().then((ok) => {
        if (!ok) return;
        this.replyStreamReady = true;
        this._status$.next('connected');
        for (const waiter of this.readyWaiters) {
          clearTimeout(waiter.timer);
          waiter.resolve();
        }
        this.readyWaiters.clear();
      });
    });
    this.readLoop = this.readReplies(reader, this.replyStreamName);
    this.timers.push(setInterval(() => void this.touchReplyStream(), Math.round(this.replyTtlMs / 3)).unref());
    this.timers.push(setInterval(() => this.expireOverdue(), 1_000).unref());
  }

  private isReady(): boolean {
    return this.replyStreamReady && this.writer?.status === 'ready';
  }

  private async touchReplyStream(): Promise<boolean> {
    const writer = this.writer;
    if (!writer || writer.status !== 'ready' || this.closing) return false;
    try {
      await touchReplyStream.run(writer, [this.replyStreamName!], [this.replyTtlMs]);
      return true;
    } catch (error) {
      this.errors.error(`Could not refresh the reply stream: ${errorMessage(error)}`);
      return false;
    }
  }

  private async readReplies(reader: Redis, replyStream: string): Promise<void> {
    let lastId = '0-0';
    while (!this.closing && reader.status !== 'end') {
      try {
        const result = (await reader.call('XREAD', 'COUNT', 512, 'BLOCK', this.blockMs, 'STREAMS', replyStream, lastId)) as
          | [string, [string, unknown][]][]
          | null;
        const read: string[] = [];
        for (const [, entries] of result ?? []) {
          for (const [entryId, fields] of entries) {
            lastId = entryId;
            read.push(entryId);
            this.deliver(fieldsToObject(fields));
          }
        }
        if (read.length > 0) this.writer?.xdel(replyStream, ...read).catch(() => undefined);
      } catch (error) {
        if (this.closing || (reader.status as string) === 'end') break;
        this.errors.error(`Reading replies failed: ${errorMessage(error)}`);
        await sleep(250);
      }
    }
  }

  private deliver(fields: Record<string, string>): void {
    const id = fields[REPLY_ID_FIELD];
    const body = fields[REPLY_FIELD];
    if (!id || body === undefined) return;
    const request = this.pending.get(id);
    if (!request) {
      this.droppedReplies++;
      return;
    }
    // One entry holds the whole answer: the request is settled, later copies are dropped.
    this.pending.delete(id);
    void this.settle(request, body);
  }

  private async settle(request: PendingRequest, body: string): Promise<void> {
    let packets: WritePacket[];
    try {
      const parsed = JSON.parse(body) as unknown[];
      packets = await Promise.all(parsed.map((packet) => this.deserializer.deserialize(packet) as WritePacket | Promise<WritePacket>));
    } catch (error) {
      request.callback({ err: unavailable(`Malformed answer: ${errorMessage(error)}`), isDisposed: true });
      return;
    }
    for (const { err, response, isDisposed } of packets) {
      if (isDisposed || err) return request.callback({ err, response, isDisposed: true });
      request.callback({ err, response });
    }
    request.callback({ isDisposed: true });
  }

  /** A safety net for callers without a timeout of their own: nobody answers after the deadline. */
  private expireOverdue(): void {
    const now = Date.now();
    for (const [id, request] of this.pending) {
      if (now > request.deadline + 1_000) {
        this.pending.delete(id);
        request.callback({ err: unavailable('The service did not answer in time'), isDisposed: true });
      }
    }
  }

  private failAll(detail: string): void {
    const requests = [...this.pending.values()];
    this.pending.clear();
    for (const request of requests) {
      try {
        request.callback({ err: unavailable(detail), isDisposed: true });
      } catch (error) {
        this.logger.error(errorMessage(error));
      }
    }
  }
}
