import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  Server,
  type CustomTransportStrategy,
  type Deserializer,
  type IncomingRequest,
  type MessageHandler,
  type Serializer,
  type WritePacket,
} from '@nestjs/microservices';
import type { Redis, RedisOptions } from 'ioredis';
import { RedisStreamsContext } from './context';
import { CONSUMER_GROUP, REDIS_STREAMS_TRANSPORT, RequestField, requestStreamKey, serviceOfPattern } from './keys';
import { closeConnection, type ConnectionListener, createConnection, errorMessage, fieldsToObject, sleep, ThrottledReporter, whenReady } from './redis';
import { ackAndDelete, heartbeat, removeConsumerIfIdle, removeIdleConsumers, replyAndAck } from './scripts';
import { inHandlerSpan } from './tracing';

/** The same words as Nest's own transports, so callers cannot tell the transports apart. */
export const NO_MESSAGE_HANDLER = 'There is no matching message handler defined in the remote service.';
const INTERNAL_ERROR = { status: 'error', message: 'Internal server error' } as const;

export interface RedisStreamsServerOptions {
  /** `redis://[:password@]host:port[/db]` (or `rediss://`). */
  url: string;
  /**
   * The service(s) whose request streams (`rpc:req:<service>`) this server reads. When
   * omitted, every first pattern segment among the registered handlers
   * (`billing.credits.refund` → `billing`).
   */
  service?: string | string[];
  /** COUNT of each XREADGROUP: how many requests one read takes at most. Default 8. */
  batch?: number;
  /** Handlers running at once in this replica; reading pauses at the limit. Default 32. */
  concurrency?: number;
  /** BLOCK of each XREADGROUP, ms. Default 2000. */
  blockMs?: number;
  /**
   * A request pending this long without a heartbeat belongs to a dead or frozen replica,
   * and another replica takes it over (XAUTOCLAIM). Keep it well below the callers'
   * timeout. Default 3000.
   */
  claimIdleMs?: number;
  /** How often to look for such requests. Default claimIdleMs / 3. */
  claimIntervalMs?: number;
  /** How often requests still being worked on are marked alive (XCLAIM … JUSTID). Default 1000. */
  heartbeatMs?: number;
  /** This replica's name in the consumer group. Default `<hostname>-<pid>-<random>`. */
  consumerName?: string;
  /** Consumers with nothing pending that have not read for this long are removed. Default 5 min. */
  staleConsumerMs?: number;
  /** How long `close()` waits for handlers in flight. Default 30 s. */
  shutdownTimeoutMs?: number;
  /** MAXLEN ~ of a reply stream, a safety net only (clients delete what they read). Default 100000. */
  replyStreamMaxLength?: number;
  /** Extra ioredis options (TLS, …); connection handling options are set here. */
  redisOptions?: RedisOptions;
  serializer?: Serializer;
  deserializer?: Deserializer;
  /**
   * Called once for every request this replica is done with (answered, or dropped unrun),
   * e.g. to count and time them. It runs on the transport's path, so keep it cheap; what it
   * throws is ignored.
   */
  onHandled?: (request: HandledRequest) => void;
}

/**
 * What `onHandled` learns about one request. `outcome`: `ok` (answered with a result),
 * `error` (answered with an error, in `error`), `no_handler` (nothing here serves the
 * pattern), `expired` (its caller's deadline passed before it ran; dropped unrun) or
 * `malformed` (unreadable; dropped).
 */
export interface HandledRequest {
  /** The caller's pattern; anything at all when `handled` is false. */
  pattern: string;
  /** A handler of this server serves the pattern. */
  handled: boolean;
  /** An event (`emit`, no answer) rather than a request. */
  event: boolean;
  outcome: 'ok' | 'error' | 'no_handler' | 'expired' | 'malformed';
  /** The error answered (an `RpcError`-like object, or whatever the handler threw) when `outcome` is `error`. */
  error?: unknown;
  /** From taking the request on to acknowledging it (the answer written), ms. */
  durationMs: number;
  /** 1 on first delivery; more when taken over from another replica. */
  deliveryCount: number;
}

export type RedisStreamsStatus = 'connected' | 'disconnected' | 'reconnecting';

interface RequestStream {
  service: string;
  key: string;
}

interface InFlight {
  stream: string;
  entryId: string;
  /** Another replica took it over: no more heartbeats for it. */
  lost: boolean;
  done: Promise<void>;
}

type State = 'idle' | 'starting' | 'listening' | 'draining' | 'closed';

type StreamEntry = [id: string, fields: unknown];

/**
 * NestJS transport over Redis Streams consumer groups:
 *
 * `NestFactory.createMicroservice(AppModule, { strategy: new RedisStreamsServer({ url }) })`
 *
 * Each request is taken by one replica of the service (XREADGROUP), answered on the caller's
 * own reply stream and acknowledged in the same Lua script. A replica that dies or freezes
 * loses its requests to another one after `claimIdleMs`; one that is slow keeps them with a
 * heartbeat. See the README for the guarantees.
 */
export class RedisStreamsServer extends Server<Record<string, ConnectionListener>, RedisStreamsStatus> implements CustomTransportStrategy {
  override transportId: symbol = REDIS_STREAMS_TRANSPORT;
  protected override readonly logger = new Logger(RedisStreamsServer.name);

  readonly consumerName: string;
  private readonly batch: number;
  private readonly concurrency: number;
  private readonly blockMs: number;
  private readonly claimIdleMs: number;
  private readonly claimIntervalMs: number;
  private readonly heartbeatMs: number;
  private readonly staleConsumerMs: number;
  private readonly shutdownTimeoutMs: number;
  private readonly replyStreamMaxLength: number;

  private state: State = 'idle';
  private streams: RequestStream[] = [];
  private reader?: Redis;
  private commands?: Redis;
  /** The reader connection's CLIENT ID, for CLIENT UNBLOCK; refreshed after reconnects. */
  private readerId?: number;
  private readerIdStale = true;
  private readLoop?: Promise<void>;
  private readonly inFlight = new Map<string, InFlight>();
  private capacityWaiters: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private heartbeatRunning = false;
  private claimRunning = false;
  private closing?: Promise<void>;
  private stop!: () => void;
  /** Resolves when close() starts. */
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  private pendingEventListeners: { event: string; callback: ConnectionListener }[] = [];
  private readonly readErrors = new ThrottledReporter((message) => this.logger.error(message));
  private readonly connectionErrors = new ThrottledReporter((message) => this.logger.error(message));

  constructor(private readonly options: RedisStreamsServerOptions) {
    super();
    if (!options?.url) throw new Error('RedisStreamsServer needs a Redis url');
    this.batch = Math.max(1, options.batch ?? 8);
    this.concurrency = Math.max(1, options.concurrency ?? 32);
    this.blockMs = Math.max(10, options.blockMs ?? 2_000);
    this.claimIdleMs = Math.max(100, options.claimIdleMs ?? 3_000);
    this.heartbeatMs = Math.max(20, options.heartbeatMs ?? 1_000);
    if (this.heartbeatMs * 2 > this.claimIdleMs) {
      throw new Error(`heartbeatMs (${this.heartbeatMs}) must be at most half of claimIdleMs (${this.claimIdleMs})`);
    }
    this.claimIntervalMs = Math.max(50, options.claimIntervalMs ?? Math.round(this.claimIdleMs / 3));
    this.staleConsumerMs = Math.max(1_000, options.staleConsumerMs ?? 5 * 60_000);
    this.shutdownTimeoutMs = options.shutdownTimeoutMs ?? 30_000;
    this.replyStreamMaxLength = options.replyStreamMaxLength ?? 100_000;
    this.consumerName = options.consumerName ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    this.initializeSerializer(options);
    this.initializeDeserializer(options);
  }

  /** The request streams this server reads (known once listening). */
  get requestStreams(): string[] {
    return this.streams.map((stream) => stream.key);
  }

  /** Handlers running right now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  async listen(callback: (error?: unknown, info?: unknown) => void): Promise<void> {
    if (this.state !== 'idle') return callback(new Error('RedisStreamsServer is already listening'));
    this.state = 'starting';
    try {
      this.streams = this.resolveStreams();
      const onError = (error: Error) => this.connectionErrors.error(`Redis: ${error.message}`);
      // Commands fail after a couple of reconnection attempts and are retried by their callers.
      this.commands = createConnection({
        url: this.options.url,
        name: `rpc-streams:server:${this.consumerName}`,
        onError,
        maxRetriesPerRequest: 2,
        autoPipelining: true,
        redisOptions: this.options.redisOptions,
      });
      // The blocking reader waits through outages.
      this.reader = createConnection({
        url: this.options.url,
        name: `rpc-streams:server-reader:${this.consumerName}`,
        onError,
        maxRetriesPerRequest: null,
        redisOptions: this.options.redisOptions,
      });
      this.watchConnection(this.commands, 'commands');
      this.watchConnection(this.reader, 'reader');
      for (const { event, callback: listener } of this.pendingEventListeners) this.on(event, listener);
      this.pendingEventListeners = [];

      await Promise.race([whenReady(this.commands), this.stopped]);
      await this.ensureGroups(true);
      if ((this.state as State) !== 'starting') return callback(); // closed while starting
      this.state = 'listening';
      this.readLoop = this.read();
      this.timers.push(setInterval(() => void this.beatHeart(), this.heartbeatMs).unref());
      this.timers.push(setInterval(() => void this.claimAbandoned(), this.claimIntervalMs).unref());
      const cleanupEvery = Math.min(60_000, Math.max(1_000, Math.round(this.staleConsumerMs / 2)));
      this.timers.push(setInterval(() => void this.removeStaleConsumers(), cleanupEvery).unref());
      void this.removeStaleConsumers();
      void this.claimAbandoned();
      this.logger.log(`Reading ${this.requestStreams.join(', ')} as ${this.consumerName}`);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * Stops taking requests and waits (up to shutdownTimeoutMs) for the handlers in flight to
   * answer, keeping their heartbeat going. The connections stay open: `close()` ends them.
   */
  async drain(): Promise<void> {
    if (this.state === 'starting' || this.state === 'idle') {
      this.state = 'draining';
      return;
    }
    if (this.state === 'listening') this.state = 'draining';
    this.wakeCapacityWaiters();
    await this.stopReader();
    if (this.inFlight.size === 0) return;
    this.logger.log(`Waiting for ${this.inFlight.size} request(s) in flight`);
    const giveUpAt = Date.now() + this.shutdownTimeoutMs;
    // Until none is left: a takeover that was under way may still add one.
    while (this.inFlight.size > 0 && Date.now() < giveUpAt) {
      await Promise.race([Promise.all([...this.inFlight.values()].map((record) => record.done)), sleep(Math.max(1, giveUpAt - Date.now()))]);
    }
    if (this.inFlight.size > 0) {
      this.logger.warn(`${this.inFlight.size} request(s) still running after ${this.shutdownTimeoutMs} ms: left for another replica`);
    }
  }

  /** Graceful shutdown: drain, leave the consumer group if nothing is pending, close connections. */
  close(): Promise<void> {
    this.stop();
    this.closing ??= this.shutdown();
    return this.closing;
  }

  on(event: string, callback: ConnectionListener): void {
    if (this.commands && this.reader) {
      this.commands.on(event, (...args: unknown[]) => callback('commands', ...args));
      this.reader.on(event, (...args: unknown[]) => callback('reader', ...args));
    } else {
      this.pendingEventListeners.push({ event, callback });
    }
  }

  /** `[reader, commands]`: the blocking XREADGROUP connection and the one for everything else. */
  unwrap<T>(): T {
    if (!this.reader || !this.commands) {
      throw new Error('Not initialized. Please call the "listen"/"startAllMicroservices" method before accessing the server.');
    }
    return [this.reader, this.commands] as T;
  }

  private async shutdown(): Promise<void> {
    await this.drain();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.commands?.status === 'ready') {
      for (const stream of this.streams) {
        await removeConsumerIfIdle.run(this.commands, [stream.key], [CONSUMER_GROUP, this.consumerName]).catch(() => undefined);
      }
    }
    this.state = 'closed';
    await Promise.all([closeConnection(this.reader), closeConnection(this.commands)]);
  }

  private resolveStreams(): RequestStream[] {
    const requestHandlers = [...this.messageHandlers.keys()];
    const services = this.options.service
      ? [this.options.service].flat()
      : [...new Set(requestHandlers.map((pattern) => serviceOfPattern(pattern)))];
    if (services.length === 0) throw new Error('RedisStreamsServer: no message handlers registered and no `service` option');
    if (this.options.service) {
      const unreachable = requestHandlers.filter((pattern) => !services.includes(serviceOfPattern(pattern)));
      if (unreachable.length > 0) {
        this.logger.warn(`Handlers that clients route to other services' streams: ${unreachable.join(', ')}`);
      }
    }
    return services.map((service) => ({ service, key: requestStreamKey(service) }));
  }

  private watchConnection(connection: Redis, role: string): void {
    connection.on('ready', () => {
      if (role === 'reader') this.readerIdStale = true;
      this.connectionErrors.reset();
      this._status$.next('connected');
    });
    connection.on('reconnecting', () => {
      if (this.state !== 'closed') this._status$.next('reconnecting');
    });
    connection.on('end', () => {
      if (this.state !== 'closed') this._status$.next('disconnected');
    });
  }

  /** Creates the consumer group of every stream (from the start: requests sent before any replica ran are served). */
  private async ensureGroups(retryForever = false): Promise<void> {
    for (;;) {
      try {
        for (const stream of this.streams) {
          try {
            await this.commands!.call('XGROUP', 'CREATE', stream.key, CONSUMER_GROUP, '0', 'MKSTREAM');
          } catch (error) {
            if (!errorMessage(error).startsWith('BUSYGROUP')) throw error;
          }
        }
        return;
      } catch (error) {
        if (!retryForever) throw error;
        if (this.state === 'closed' || this.state === 'draining') return;
        this.connectionErrors.error(`Could not create consumer groups: ${errorMessage(error)}`);
        await sleep(500);
      }
    }
  }

  // ---------------------------------------------------------------- reading

  private async read(): Promise<void> {
    const reader = this.reader!;
    const keys = this.requestStreams;
    while (this.state === 'listening') {
      await this.waitForCapacity();
      if (this.state !== 'listening') break;
      const count = Math.min(this.batch, this.concurrency - this.inFlight.size);
      try {
        if (this.readerIdStale) {
          this.readerId = Number(await reader.client('ID'));
          this.readerIdStale = false;
          if (this.state !== 'listening') break;
        }
        const result = (await reader.call(
          'XREADGROUP',
          'GROUP',
          CONSUMER_GROUP,
          this.consumerName,
          'COUNT',
          count,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          ...keys,
          ...keys.map(() => '>'),
        )) as [stream: string, entries: StreamEntry[]][] | null;
        this.readErrors.reset();
        // Dispatched even when closing: what this call returned is pending on this consumer now.
        for (const [stream, entries] of result ?? []) {
          for (const [entryId, fields] of entries) this.dispatch(stream, entryId, fieldsToObject(fields), 1);
        }
      } catch (error) {
        if (this.state !== 'listening') break;
        const message = errorMessage(error);
        if (message.startsWith('NOGROUP')) {
          // Redis lost the stream or its group (a restart without persistence): recreate it.
          this.logger.warn(`Consumer group missing (${message}); creating it again`);
          await this.ensureGroups().catch(() => undefined);
        } else {
          this.readErrors.error(`Reading requests failed: ${message}`);
          await sleep(250);
        }
      }
    }
  }

  private waitForCapacity(): Promise<void> {
    if (this.inFlight.size < this.concurrency) return Promise.resolve();
    return new Promise((resolve) => this.capacityWaiters.push(resolve));
  }

  private wakeCapacityWaiters(): void {
    const waiters = this.capacityWaiters;
    this.capacityWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Unblocks the reader's XREADGROUP with CLIENT UNBLOCK, disconnecting it as a last resort. */
  private async stopReader(): Promise<void> {
    if (!this.readLoop) return;
    let stopped = false;
    void this.readLoop.then(() => (stopped = true));
    const giveUpAt = Date.now() + this.blockMs + 1_000;
    while (!stopped) {
      if (this.reader?.status !== 'ready') {
        // Redis is unreachable: the read is only queued. Dropping the connection ends it.
        this.reader?.disconnect(false);
        return;
      }
      if (this.readerId !== undefined && this.commands?.status === 'ready') {
        await Promise.race([this.commands.client('UNBLOCK', this.readerId).catch(() => undefined), sleep(200)]);
      }
      await Promise.race([this.readLoop, sleep(50)]);
      if (!stopped && Date.now() > giveUpAt) {
        this.reader.disconnect(false);
        return;
      }
    }
  }

  // ---------------------------------------------------------------- handling

  private dispatch(stream: string, entryId: string, fields: Record<string, string>, deliveryCount: number): void {
    const key = `${stream}\u0000${entryId}`;
    const running = this.inFlight.get(key);
    if (running) {
      // Our own request came back through XAUTOCLAIM (a heartbeat failed): it is ours again.
      running.lost = false;
      return;
    }
    const record = { stream, entryId, lost: false } as InFlight;
    this.inFlight.set(key, record);
    record.done = this.handle(record, fields, deliveryCount)
      .catch((error: unknown) => this.logger.error(`Request ${entryId} on ${stream}: ${errorMessage(error)}`))
      .finally(() => {
        this.inFlight.delete(key);
        if (this.capacityWaiters.length > 0) this.wakeCapacityWaiters();
      });
  }

  /** Runs one request and tells `onHandled` how it went. */
  private async handle(record: InFlight, fields: Record<string, string>, deliveryCount: number): Promise<void> {
    const started = performance.now();
    const pattern = fields[RequestField.pattern] ?? '';
    const report: HandledRequest = { pattern, handled: false, event: !fields[RequestField.reply], outcome: 'ok', durationMs: 0, deliveryCount };
    try {
      await inHandlerSpan(
        { pattern, stream: record.stream, carrier: fields[RequestField.trace], deliveryCount, event: report.event },
        () => this.run(record, fields, deliveryCount, report),
        () => ({ name: report.outcome === 'error' ? 'error' : report.outcome, error: report.error }),
      );
    } catch (error) {
      report.outcome = 'error';
      report.error = error;
      throw error;
    } finally {
      if (this.options.onHandled) {
        report.durationMs = performance.now() - started;
        try {
          this.options.onHandled(report);
        } catch {
          // An observer never breaks the transport.
        }
      }
    }
  }

  private async run(record: InFlight, fields: Record<string, string>, deliveryCount: number, report: HandledRequest): Promise<void> {
    const deadline = fields[RequestField.deadline] ? Number(fields[RequestField.deadline]) : undefined;
    const replyStream = fields[RequestField.reply];
    if (deadline !== undefined && Date.now() > deadline) {
      this.logger.debug?.(`Dropping ${fields[RequestField.pattern]} ${fields[RequestField.id]}: its caller gave up ${Date.now() - deadline} ms ago`);
      report.outcome = 'expired';
      report.handled = this.getHandlerByPattern(report.pattern) !== null;
      await this.retire(record);
      return;
    }
    const route = fields[RequestField.pattern] ?? '';
    let packet: IncomingRequest;
    try {
      packet = (await this.deserializer.deserialize(JSON.parse(fields[RequestField.packet] ?? ''), { channel: route })) as IncomingRequest;
    } catch (error) {
      this.logger.error(`Dropping malformed request ${record.entryId} on ${record.stream}: ${errorMessage(error)}`);
      report.outcome = 'malformed';
      await this.retire(record);
      return;
    }
    const pattern = route || this.getPatternAsString(packet.pattern);
    report.pattern = pattern;
    report.handled = this.getHandlerByPattern(pattern) !== null;
    const requestId = fields[RequestField.id] || packet.id;
    const context = new RedisStreamsContext([pattern, requestId, deliveryCount, record.stream, record.entryId, deadline, packet.metadata]);

    if (!replyStream) {
      if (!report.handled) report.outcome = 'no_handler';
      try {
        await this.handleEvent(pattern, packet, context);
      } catch (error) {
        this.logger.error(`Event ${pattern} failed: ${errorMessage(error)}`);
        report.outcome = 'error';
        report.error = error;
      }
      await this.retire(record);
      return;
    }

    const handler: MessageHandler | null = this.getHandlerByPattern(pattern);
    if (!handler) {
      report.outcome = 'no_handler';
      await this.answer(record, replyStream, requestId, deadline, [{ err: NO_MESSAGE_HANDLER, status: 'error', isDisposed: true }]);
      return;
    }
    await new Promise<void>((resolve) => {
      const packets: WritePacket[] = [];
      let finished = false;
      const respond = async (response: WritePacket): Promise<void> => {
        if (finished) return;
        packets.push(response);
        if (!response.isDisposed && response.err === undefined) return;
        finished = true;
        if (response.err !== undefined) {
          report.outcome = 'error';
          report.error = response.err;
        }
        try {
          await this.answer(record, replyStream, requestId, deadline, packets);
        } finally {
          resolve();
        }
      };
      const failed = (error: unknown) => {
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : `Handler for ${pattern} failed: ${String(error)}`);
        void respond({ err: error instanceof Error ? INTERNAL_ERROR : error, isDisposed: true });
      };
      try {
        const started = this.handleRequest(context, async () => this.transformToObservable(await handler(packet.data, context)), respond) as unknown;
        if (started instanceof Promise) started.catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  }

  /** Replies and acknowledges in one script; retried while Redis is away, until the caller's deadline. */
  private async answer(record: InFlight, replyStream: string, requestId: string, deadline: number | undefined, packets: WritePacket[]): Promise<void> {
    let payload: string;
    try {
      payload = JSON.stringify(packets.map((packet) => this.serializer.serialize({ ...packet, id: requestId })));
    } catch (error) {
      this.logger.error(`Reply to ${requestId} cannot be serialized: ${errorMessage(error)}`);
      payload = JSON.stringify([{ id: requestId, err: INTERNAL_ERROR, isDisposed: true }]);
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await replyAndAck.run<number>(
          this.commands!,
          [record.stream, replyStream],
          [CONSUMER_GROUP, record.entryId, requestId, payload, this.replyStreamMaxLength],
        );
        if (outcome === -1) this.logger.debug?.(`Request ${requestId} was answered by another replica`);
        else if (outcome === 0) this.logger.debug?.(`Caller of ${requestId} is gone; request acknowledged`);
        return;
      } catch (error) {
        const message = errorMessage(error);
        const late = deadline !== undefined && Date.now() > deadline;
        if (late || message.startsWith('NOGROUP') || this.state === 'closed') {
          this.logger.warn(`Could not answer ${requestId}: ${message}`);
          return;
        }
        await sleep(Math.min(100 * 2 ** attempt, 1_000));
      }
    }
  }

  /** Acknowledges and deletes a request without answering it. */
  private async retire(record: InFlight): Promise<void> {
    for (let attempt = 0; attempt < 20 && this.state !== 'closed'; attempt++) {
      try {
        await ackAndDelete.run(this.commands!, [record.stream], [CONSUMER_GROUP, record.entryId]);
        return;
      } catch {
        await sleep(Math.min(100 * 2 ** attempt, 1_000));
      }
    }
  }

  // ---------------------------------------------------------------- background duties

  /** Keeps the requests in flight ours: resets their idle time, notices those taken over. */
  private async beatHeart(): Promise<void> {
    if (this.heartbeatRunning || this.inFlight.size === 0 || this.commands?.status !== 'ready') return;
    this.heartbeatRunning = true;
    try {
      const byStream = new Map<string, InFlight[]>();
      for (const record of this.inFlight.values()) {
        if (record.lost) continue;
        byStream.set(record.stream, [...(byStream.get(record.stream) ?? []), record]);
      }
      for (const [stream, records] of byStream) {
        const lost = await heartbeat.run<string[]>(this.commands, [stream], [CONSUMER_GROUP, this.consumerName, ...records.map((r) => r.entryId)]);
        for (const entryId of lost) {
          const record = this.inFlight.get(`${stream}\u0000${entryId}`);
          if (record && !record.lost) {
            record.lost = true;
            this.logger.warn(`Request ${entryId} on ${stream} was taken over by another replica while running here`);
          }
        }
      }
    } catch (error) {
      this.connectionErrors.error(`Heartbeat failed: ${errorMessage(error)}`);
    } finally {
      this.heartbeatRunning = false;
    }
  }

  /** Takes over requests another replica left pending for longer than claimIdleMs. */
  private async claimAbandoned(): Promise<void> {
    if (this.claimRunning || this.state !== 'listening' || this.commands?.status !== 'ready') return;
    this.claimRunning = true;
    try {
      for (const stream of this.requestStreams) {
        let cursor = '0-0';
        for (let page = 0; page < 10; page++) {
          const room = this.concurrency - this.inFlight.size;
          if (room <= 0 || this.state !== 'listening') return;
          const [next, entries] = (await this.commands.call(
            'XAUTOCLAIM',
            stream,
            CONSUMER_GROUP,
            this.consumerName,
            this.claimIdleMs,
            cursor,
            'COUNT',
            room,
          )) as [string, (StreamEntry | null)[], string[]?];
          const claimed = entries.filter((entry): entry is StreamEntry => Array.isArray(entry));
          if (claimed.length > 0) {
            const counts = await this.deliveryCounts(stream, claimed.map(([entryId]) => entryId));
            this.logger.warn(`Took over ${claimed.length} request(s) on ${stream} from a silent replica`);
            for (const [entryId, fields] of claimed) this.dispatch(stream, entryId, fieldsToObject(fields), counts.get(entryId) ?? 2);
          }
          if (next === '0-0') break;
          cursor = next;
        }
      }
    } catch (error) {
      if (!errorMessage(error).startsWith('NOGROUP')) this.connectionErrors.error(`Claiming abandoned requests failed: ${errorMessage(error)}`);
    } finally {
      this.claimRunning = false;
    }
  }

  private async deliveryCounts(stream: string, entryIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const pipeline = this.commands!.pipeline();
    for (const entryId of entryIds) pipeline.call('XPENDING', stream, CONSUMER_GROUP, entryId, entryId, 1);
    const results = (await pipeline.exec()) ?? [];
    results.forEach(([error, value], index) => {
      const row = !error && Array.isArray(value) ? (value[0] as [string, string, number, number] | undefined) : undefined;
      if (row) counts.set(entryIds[index]!, Number(row[3]));
    });
    return counts;
  }

  /** Removes consumers of replicas that went away (nothing pending, silent for staleConsumerMs). */
  private async removeStaleConsumers(): Promise<void> {
    if (this.state !== 'listening' || this.commands?.status !== 'ready') return;
    for (const stream of this.requestStreams) {
      try {
        const removed = await removeIdleConsumers.run<string[]>(this.commands, [stream], [CONSUMER_GROUP, this.staleConsumerMs, this.consumerName]);
        if (removed.length > 0) this.logger.log(`Removed idle consumer(s) ${removed.join(', ')} from ${stream}`);
      } catch (error) {
        if (!errorMessage(error).startsWith('NOGROUP')) this.connectionErrors.error(`Removing idle consumers failed: ${errorMessage(error)}`);
      }
    }
  }
}
