import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobQueues } from './env-schema';
import { template } from './helm';
import { parseManifests, validateManifest, type Manifest } from './manifests';
import { matches } from './network';
import { chartDir, serviceNames } from './paths';
import { declaredMetrics, parsePromQL, seriesExists } from './promql';

/**
 * The chart's observability objects (ci/observability.yaml turns them all on): the
 * ServiceMonitor reaches every service's /metrics, every alert, dashboard panel and KEDA query
 * is valid PromQL over series the code declares and queues that exist, and tracing reaches
 * every service. chart.spec.ts runs its general checks (lint, schemas, policies) on the same values.
 */

const secrets = ['secrets.jwtSecret=checks-only-jwt-secret-0123456789abcdefghij', 'postgresql.bundled.password=checks-only-postgres', 'redis.bundled.password=checks-only-redis', 'objectStorage.bundled.secretKey=checks-only-minio'];
const render = (extra: string[] = []): Manifest[] => {
  const result = template([join(chartDir, 'ci/observability.yaml')], [...secrets.flatMap((value) => ['--set', value]), ...extra]);
  if (result.status !== 0) throw new Error(result.stderr);
  return parseManifests(result.stdout);
};
const manifests = render();
const find = (kind: string, name?: string) => manifests.filter((m) => m.kind === kind && (name === undefined || m.metadata.name === name));
const dashboard = JSON.parse(readFileSync(join(chartDir, 'dashboards/sopwright.json'), 'utf8')) as { uid: string; panels: { title: string; type: string; targets?: { expr: string }[] }[] };
const queues = new Set(Object.values(jobQueues()));

/** Problems of one query: syntax, series nobody declares, queues that do not exist. */
function queryProblems(where: string, query: string): string[] {
  const parsed = parsePromQL(query);
  return [
    ...parsed.errors.map((error) => `${where}: ${error}`),
    ...parsed.metrics.filter((metric) => !seriesExists(metric)).map((metric) => `${where}: no such series ${metric}`),
    ...parsed.matchers.filter((matcher) => matcher.label === 'queue' && !queues.has(matcher.value)).map((matcher) => `${where}: no such queue ${matcher.value}`),
  ];
}

describe('PromQL checks', () => {
  it('read the metrics the code declares', () => {
    expect(declaredMetrics().get('sopwright_http_request_duration_seconds')).toBe('histogram');
    expect(declaredMetrics().get('sopwright_billing_credits_total')).toBe('counter');
    expect(declaredMetrics().get('sopwright_queue_oldest_waiting_seconds')).toBe('gauge');
  });

  it('catch broken syntax, unknown series and unknown queues', () => {
    expect(queryProblems('q', 'sum(rate(sopwright_http_request_duration_seconds_count[5m])')).toEqual([expect.stringContaining('syntax error')]);
    expect(queryProblems('q', 'rate(sopwright_http_requests_total[5m])')).toEqual(['q: no such series sopwright_http_requests_total']);
    expect(queryProblems('q', 'sopwright_billing_credits_total_bucket')).toEqual(['q: no such series sopwright_billing_credits_total_bucket']);
    expect(queryProblems('q', 'max(sopwright_queue_oldest_waiting_seconds{queue="export"})')).toEqual(['q: no such queue export']);
    expect(queryProblems('q', 'histogram_quantile(0.9, sum by (le) (rate(sopwright_job_wait_seconds_bucket{queue="generation"}[$__rate_interval])))')).toEqual([]);
  });
});

describe('ServiceMonitor', () => {
  it('selects the Service of every service and scrapes a port on it that serves /metrics', () => {
    const [monitor] = find('ServiceMonitor');
    expect(monitor).toBeDefined();
    expect(monitor!.metadata.labels?.release).toBe('kube-prometheus-stack');
    const configMap = find('ConfigMap', 'sopwright-config')[0]!.data!;
    for (const service of serviceNames) {
      const svc = find('Service', `sopwright-${service}`)[0]!;
      expect([service, matches(monitor!.spec.selector, svc.metadata.labels ?? {})]).toEqual([service, true]);
      const scraped = monitor!.spec.endpoints.filter((endpoint: { port: string }) => svc.spec.ports.some((port: { name: string }) => port.name === endpoint.port));
      expect([service, scraped.length]).toEqual([service, 1]);
      expect([service, scraped[0].path, scraped[0].honorLabels]).toEqual([service, '/metrics', true]);
      // The port behind it is where the process listens for /metrics: METRICS_PORT (gateway) or HEALTH_PORT.
      const port = svc.spec.ports.find((each: { name: string }) => each.name === scraped[0].port);
      expect([service, String(port.port)]).toEqual([service, configMap[service === 'gateway' ? 'METRICS_PORT' : 'HEALTH_PORT']]);
    }
    // Not the web or the stores: they serve no Sopwright metrics.
    expect(matches(monitor!.spec.selector, find('Service', 'sopwright-web')[0]!.metadata.labels ?? {})).toBe(false);
  });

  it('lets Prometheus through the NetworkPolicies to the metrics ports, and only there', () => {
    const policy = (component: string) => find('NetworkPolicy', `sopwright-${component}`)[0]!;
    const prometheusRules = (component: string) => (policy(component).spec.ingress ?? []).filter((rule: { from?: { namespaceSelector?: unknown }[] }) => JSON.stringify(rule.from ?? []).includes('"monitoring"'));
    for (const service of serviceNames) {
      const ports = prometheusRules(service).flatMap((rule: { ports: { port: number }[] }) => rule.ports.map((port) => port.port));
      expect([service, ports]).toEqual([service, [9464]]);
    }
    for (const store of ['postgresql', 'redis', 'minio', 'web']) expect([store, prometheusRules(store)]).toEqual([store, []]);
    // Off without the ServiceMonitor.
    const plain = render(['--set', 'metrics.serviceMonitor.enabled=false']);
    const auth = plain.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'sopwright-auth')!;
    expect(JSON.stringify(auth.spec.ingress ?? [])).not.toContain('monitoring');
  });
});

describe('PrometheusRule', () => {
  const rules = () => find('PrometheusRule')[0]!.spec.groups.flatMap((group: { rules: unknown[] }) => group.rules) as { alert: string; expr: string; for?: string; labels: Record<string, string>; annotations: Record<string, string> }[];

  it('has the alerts an operator needs, each with a severity, a summary and what to do', async () => {
    expect(await validateManifest(find('PrometheusRule')[0]!)).toEqual([]);
    expect(new Set(rules().map((rule) => rule.alert))).toEqual(
      new Set(['SopwrightHighErrorRatio', 'SopwrightQueueBacklog', 'SopwrightCreditSettlementsFailing', 'SopwrightCreditRefundsAbandoned', 'SopwrightExportPagePoolExhausted', 'SopwrightNoReadyReplica']),
    );
    for (const rule of rules()) {
      expect([rule.alert, ['critical', 'warning'].includes(rule.labels.severity!)]).toEqual([rule.alert, true]);
      expect([rule.alert, rule.annotations.summary!.length > 10, rule.annotations.description!.length > 40]).toEqual([rule.alert, true, true]);
    }
  });

  it('queries series the code declares, in the release\'s namespace, for queues that exist', () => {
    const problems = rules().flatMap((rule) => queryProblems(rule.alert, rule.expr));
    expect(problems).toEqual([]);
    for (const rule of rules()) expect([rule.alert, parsePromQL(rule.expr).matchers.some((m) => m.label === 'namespace' && m.value === 'sopwright')]).toEqual([rule.alert, true]);
    // One backlog alert per queue named in the values, the generation and export queues.
    const backlog = rules().filter((rule) => rule.alert === 'SopwrightQueueBacklog').map((rule) => rule.labels.queue);
    expect(backlog.sort()).toEqual(['exports', 'generation']);
  });

  it('watches every Deployment of a service for having no ready replica', () => {
    const expr = rules().find((rule) => rule.alert === 'SopwrightNoReadyReplica')!.expr;
    const pattern = new RegExp(`^(?:${parsePromQL(expr).matchers.find((m) => m.label === 'deployment')!.value})$`);
    for (const service of serviceNames) expect([service, pattern.test(`sopwright-${service}`)]).toEqual([service, true]);
    expect(pattern.test('sopwright-web')).toBe(false);
  });
});

describe('Grafana dashboard', () => {
  it('is a ConfigMap for the sidecar holding the dashboard JSON', () => {
    const [configMap] = find('ConfigMap').filter((m) => m.metadata.name === 'sopwright-dashboard');
    expect(configMap!.metadata.labels?.grafana_dashboard).toBe('1');
    expect(configMap!.metadata.annotations?.grafana_folder).toBe('Sopwright');
    expect(JSON.parse(configMap!.data!['sopwright.json']!)).toEqual(dashboard);
  });

  it('shows request rate, errors, latency, queue depth and age, stage times, credits and pod restarts, each over real series', () => {
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
    expect(exprs.flatMap(({ panel, expr }) => queryProblems(panel, expr))).toEqual([]);
    const uses = (metric: string) => exprs.some(({ expr }) => parsePromQL(expr).metrics.includes(metric));
    for (const metric of [
      'sopwright_http_request_duration_seconds_count',
      'sopwright_http_request_duration_seconds_bucket',
      'sopwright_queue_jobs',
      'sopwright_queue_oldest_waiting_seconds',
      'sopwright_generation_stage_duration_seconds_bucket',
      'sopwright_billing_credits_total',
      'kube_pod_container_status_restarts_total',
    ]) {
      expect([metric, uses(metric)]).toEqual([metric, true]);
    }
    expect(dashboard.uid).toBe('sopwright-overview');
  });
});

describe('tracing', () => {
  it('gives every service the OTLP endpoint and sampler, and lets them reach the receiver\'s port', () => {
    const configMap = find('ConfigMap', 'sopwright-config')[0]!.data!;
    expect(configMap.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector.monitoring.svc:4318');
    expect([configMap.OTEL_TRACES_SAMPLER, configMap.OTEL_TRACES_SAMPLER_ARG]).toEqual(['parentbased_traceidratio', '0.25']);
    for (const service of serviceNames) {
      const container = find('Deployment', `sopwright-${service}`)[0]!.spec.template.spec.containers[0];
      const names = container.env.map((entry: { name: string }) => entry.name);
      expect([service, ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'].every((name) => names.includes(name))]).toEqual([service, true]);
      const egress = JSON.stringify(find('NetworkPolicy', `sopwright-${service}`)[0]!.spec.egress);
      expect([service, egress.includes('"port":4318')]).toEqual([service, true]);
    }
  });

  it('is off, with no OTEL variables, when no endpoint is given', () => {
    const plain = parseManifests(template([], secrets.flatMap((value) => ['--set', value])).stdout);
    const configMap = plain.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'sopwright-config')!.data!;
    expect(Object.keys(configMap).filter((key) => key.startsWith('OTEL_'))).toEqual([]);
    expect(plain.filter((m) => ['ServiceMonitor', 'PrometheusRule'].includes(m.kind))).toEqual([]);
  });
});

describe('KEDA', () => {
  it('scales each worker on its queue\'s age too, from Prometheus', () => {
    for (const [worker, queue] of [['generation', 'generation'], ['export', 'exports']] as const) {
      const scaled = find('ScaledObject', `sopwright-${worker}`)[0]!;
      const age = scaled.spec.triggers.find((trigger: { type: string }) => trigger.type === 'prometheus');
      expect([worker, queryProblems(worker, age.metadata.query)]).toEqual([worker, []]);
      expect(parsePromQL(age.metadata.query).matchers).toEqual(expect.arrayContaining([{ label: 'queue', value: queue }]));
      expect(Number(age.metadata.threshold)).toBeGreaterThan(0);
    }
  });
});
