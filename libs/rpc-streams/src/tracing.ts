import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/*
 * Trace context across the transport: the caller's span context travels in the request
 * entry (W3C `traceparent`/`tracestate`, as JSON in the `trace` field) and the handler runs
 * in a span that continues it. With no OpenTelemetry SDK registered every call here is a
 * no-op and no field is written.
 */

const tracer = () => trace.getTracer('@sopwright/rpc-streams');

const attributes = (pattern: string, stream: string) => ({ 'rpc.system': 'redis_streams', 'rpc.method': pattern, 'messaging.destination.name': stream });

/** Runs `work` with no active trace: for background loops and connections a traced call happens to start. */
export const outsideTraces = <T>(work: () => T): T => context.with(ROOT_CONTEXT, work);

/** A span for one call (or event) this process sends; `carrier` is the context to put in the entry, or undefined when nothing is traced. */
export function startSendSpan(pattern: string, stream: string, event: boolean): { span: Span; carrier: string | undefined } {
  const span = tracer().startSpan(pattern, { kind: event ? SpanKind.PRODUCER : SpanKind.CLIENT, attributes: attributes(pattern, stream) });
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return { span, carrier: Object.keys(headers).length > 0 ? JSON.stringify(headers) : undefined };
}

/** Ends a send span with what came of the call. */
export function endSendSpan(span: Span, error?: unknown, outcome?: string): void {
  if (outcome) span.setAttribute('rpc.outcome', outcome);
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: describe(error) });
  span.end();
}

/** Runs a handler in a span that continues the caller's trace (when the entry carries one); the span reports `outcome()` once `work` settles. */
export async function inHandlerSpan<T>(
  fields: { pattern: string; stream: string; carrier: string | undefined; deliveryCount: number; event: boolean },
  work: () => Promise<T>,
  outcome: () => { name: string; error?: unknown },
): Promise<T> {
  let parent = ROOT_CONTEXT;
  if (fields.carrier) {
    try {
      parent = propagation.extract(ROOT_CONTEXT, JSON.parse(fields.carrier) as Record<string, string>);
    } catch {
      // A damaged carrier starts a new trace; the request itself is still served.
    }
  }
  const span = tracer().startSpan(
    fields.pattern,
    { kind: fields.event ? SpanKind.CONSUMER : SpanKind.SERVER, attributes: { ...attributes(fields.pattern, fields.stream), 'rpc.delivery_count': fields.deliveryCount } },
    parent,
  );
  let thrown: { error: unknown } | undefined;
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    thrown = { error };
    throw error;
  } finally {
    const { name, error } = thrown ? { name: 'error', error: thrown.error } : outcome();
    span.setAttribute('rpc.outcome', name);
    if (error !== undefined || (name !== 'ok' && name !== 'expired')) span.setStatus({ code: SpanStatusCode.ERROR, message: error !== undefined ? describe(error) : name });
    span.end();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}
