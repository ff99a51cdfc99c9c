import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

/**
 * Prometheus metrics of this process: one registry, served at `/metrics` of the probe server
 * (HEALTH_PORT; the gateway's METRICS_PORT). Every series carries `service`, set once by
 * `initMetrics`. Label values must come from a closed set (patterns, codes, route templates,
 * states), never from ids, e-mail addresses or raw URLs: `oneOf` enforces that where a value
 * comes from outside.
 */
export const metricsRegistry = new Registry();

let defaultMetricsStarted = false;

/** Names the process in every series (`service="<name>"`) and starts Node's process metrics (CPU, memory, event loop, GC). */
export function initMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (defaultMetricsStarted) return;
  defaultMetricsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The exposition text and its content type, for `/metrics`. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

type Config<C> = Omit<C, 'registers'>;

function getOrCreate<M>(name: string, kind: abstract new (...args: never[]) => M, create: () => M): M {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing === undefined) return create();
  if (!(existing instanceof kind)) throw new Error(`Metric ${name} is already registered as another type`);
  return existing;
}

/**
 * A counter in the process registry; asking again for the same name returns the same counter
 * (modules may be loaded twice, e.g. by tests), so metrics can be declared where they are used.
 */
export function counter<L extends string = string>(config: Config<CounterConfiguration<L>>): Counter<L> {
  return getOrCreate(config.name, Counter<L>, () => new Counter<L>({ ...config, registers: [metricsRegistry] }));
}

/** A gauge in the process registry (see `counter`); `collect` runs at scrape time to sample a value. */
export function gauge<L extends string = string>(config: Config<GaugeConfiguration<L>>): Gauge<L> {
  return getOrCreate(config.name, Gauge<L>, () => new Gauge<L>({ ...config, registers: [metricsRegistry] }));
}

/** A histogram in the process registry (see `counter`). */
export function histogram<L extends string = string>(config: Config<HistogramConfiguration<L>>): Histogram<L> {
  return getOrCreate(config.name, Histogram<L>, () => new Histogram<L>({ ...config, registers: [metricsRegistry] }));
}

/** Request latencies, seconds: milliseconds for RPC up to the gateway's 900 s generation wait. */
export const latencyBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/** Background work (jobs, stages, waits in a queue), seconds: 10 ms to 30 min. */
export const workBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** `value` when it is one of `allowed`, else `fallback`: keeps a label's values a closed set. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: string = 'other'): T | string {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? value : fallback;
}

/** Seconds since `started` (a `performance.now()` reading). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;
