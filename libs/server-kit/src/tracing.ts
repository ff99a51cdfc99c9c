import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { BullMQOtel } from 'bullmq-otel';
import type { ServerResponse } from 'node:http';
import { routeTemplate, type RoutedRequest } from './route-template';

/*
 * Tracing, imported by each process's `tracing.ts` before anything else, since the
 * instrumentations patch `http`, `pg`, `ioredis` and `undici` as they are first required.
 * This file must not import the rest of server-kit (that would load those modules first).
 */

let tracingProvider: NodeTracerProvider | undefined;

/** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces); unset: tracing off. */
export function otlpEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL of an OTLP/HTTP receiver (got "${endpoint}")`);
  }
  return endpoint;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured; otherwise does
 * nothing, and every span below is OpenTelemetry's no-op. One trace follows a request from
 * the gateway through the Redis Streams transport (libs/rpc-streams carries the context in
 * each request) and BullMQ jobs (bullmq-otel carries it in the job) into the workers.
 */
export function startTracing(service: string, exporter?: SpanExporter): void {
  if (tracingProvider) return;
  let endpoint: string | undefined;
  try {
    endpoint = otlpEndpoint();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!endpoint && !exporter) return;
  tracingProvider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || `sopwright-${service}` }),
    // The exporter reads the OTEL_EXPORTER_OTLP_* variables itself (headers, timeout, compression).
    spanProcessors: [new BatchSpanProcessor(exporter ?? new OTLPTraceExporter())],
  });
  // The W3C trace-context propagator and the AsyncLocalStorage context manager.
  tracingProvider.register();
  registerInstrumentations({
    tracerProvider: tracingProvider,
    instrumentations: [
      new HttpInstrumentation({
        // Only the public API: not probes, scrapes or (locally) the web apps' files.
        ignoreIncomingRequestHook: (request) => !(request.url ?? '').startsWith('/api/'),
        // Named by route template ("GET /api/sop/:id"), as the metrics are: never by id.
        applyCustomAttributesOnSpan: (span, request) => {
          if (!('httpVersion' in request)) return; // a client request (object storage, a provider): its own name stays
          const route = routeTemplate(request as RoutedRequest);
          span.setAttribute('http.route', route);
          span.updateName(`${request.method ?? 'HTTP'} ${route}`);
        },
        // Object storage and providers within a trace; nobody's background polling on its own.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      // Commands inside a traced request only: the transport's and BullMQ's polling loops stay out.
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  // Spans still buffered go out before the process ends (SIGTERM handlers call process.exit).
  process.once('beforeExit', () => void tracingProvider?.shutdown());
}

/** Sends the spans still buffered; for shutdown paths that end the process themselves. */
export async function flushTracing(): Promise<void> {
  await tracingProvider?.forceFlush();
}

export const tracingEnabled = (): boolean => tracingProvider !== undefined;

/** BullMQ's telemetry (queues and workers): the job carries its producer's trace context. Undefined when tracing is off. */
export function queueTelemetry(): BullMQOtel | undefined {
  return tracingProvider ? new BullMQOtel({ tracerName: 'bullmq' }) : undefined;
}

const tracer = () => trace.getTracer('sopwright');

/** The active trace's id, for log lines and the `X-Trace-Id` response header; undefined outside a (sampled) trace. */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && spanContext.traceFlags & 1 ? spanContext.traceId : undefined;
}

/** Runs `work` in a span of its own (a child of the active one); the span records a failure and ends either way. */
export async function inSpan<T>(name: string, attributes: Record<string, string | number | boolean>, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active context as W3C headers (`traceparent`, `tracestate`), for a child process or a message. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Express middleware: the answer names its trace (`X-Trace-Id`), so "it failed" can be found in the logs and the traces. */
export function traceIdHeader(): (req: unknown, res: ServerResponse, next: () => void) => void {
  return (_req, res, next) => {
    const traceId = currentTraceId();
    if (traceId) res.setHeader('X-Trace-Id', traceId);
    next();
  };
}
