import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { trace } from '@opentelemetry/api';

const levelsFrom: Record<string, LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
};

/** JSON lines that name the trace they were written in, so a user's failed request leads to its logs. */
class TracedJsonLogger extends ConsoleLogger {
  protected override getJsonLogObject(...args: Parameters<ConsoleLogger['getJsonLogObject']>): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const record = super.getJsonLogObject(...args);
    const span = trace.getActiveSpan()?.spanContext();
    return span ? { ...record, traceId: span.traceId, spanId: span.spanId } : record;
  }
}

/** One JSON object per line, tagged with the service name (and, when tracing is on, the trace), for any log collector. */
export function createLogger(service: string, level = 'info'): ConsoleLogger {
  return new TracedJsonLogger(service, { json: true, logLevels: levelsFrom[level] ?? levelsFrom.info, colors: false });
}
