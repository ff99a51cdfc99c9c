// The first import of main.ts: tracing starts before http, pg and ioredis are loaded.
import { startTracing } from '@sopwright/server-kit/tracing';

startTracing('export');
