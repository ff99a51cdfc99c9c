import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const levelsFrom: Record<string, LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
};

/** One JSON object per line, tagged with the service name, for any log collector. */
export function createLogger(service: string, level = 'info'): ConsoleLogger {
  return new ConsoleLogger(service, { json: true, logLevels: levelsFrom[level] ?? levelsFrom.info, colors: false });
}
