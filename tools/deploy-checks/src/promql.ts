import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { repoRoot } from './paths';

/**
 * PromQL as Prometheus's own grammar reads it (@prometheus-io/lezer-promql, the parser of
 * Prometheus's web UI): alerts, dashboards and KEDA queries are checked without a Prometheus.
 * Grafana's variables are given sample values first.
 */
const grafanaVariables: [RegExp, string][] = [
  [/\$__rate_interval|\$__interval|\$__range/g, '5m'],
  [/\$\{?(\w+)\}?/g, 'x'],
];

export interface ParsedQuery {
  errors: string[];
  /** Metric names of the vector selectors. */
  metrics: string[];
  /** Label matchers `name op value`, e.g. `queue="generation"`. */
  matchers: { label: string; value: string }[];
}

export function parsePromQL(query: string): ParsedQuery {
  const text = grafanaVariables.reduce((current, [pattern, value]) => current.replace(pattern, value), query);
  const tree = parser.parse(text);
  const result: ParsedQuery = { errors: [], metrics: [], matchers: [] };
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) result.errors.push(`${query}: syntax error at ${node.from} ("${text.slice(Math.max(0, node.from - 10), node.to + 10)}")`);
      if (node.name === 'VectorSelector') {
        const name = node.node.getChild('Identifier');
        if (name) result.metrics.push(text.slice(name.from, name.to));
      }
      if (node.name === 'UnquotedLabelMatcher') {
        const label = node.node.getChild('LabelName');
        const value = node.node.getChild('StringLiteral');
        if (label && value) result.matchers.push({ label: text.slice(label.from, label.to), value: JSON.parse(text.slice(value.from, value.to)) as string });
      }
    },
  });
  return result;
}

/** Series from outside Sopwright that the alerts and dashboard may use: kube-state-metrics and prom-client's process metrics. */
const externalMetrics = new Set(['kube_deployment_status_replicas_available', 'kube_pod_container_status_restarts_total', 'process_cpu_seconds_total', 'process_resident_memory_bytes', 'up']);

let declared: Map<string, 'counter' | 'gauge' | 'histogram'> | undefined;

/** Every `sopwright_*` metric the sources declare (counter, gauge and histogram helpers of server-kit). */
export function declaredMetrics(): Map<string, 'counter' | 'gauge' | 'histogram'> {
  if (declared) return declared;
  declared = new Map();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      if (entry === 'node_modules' || entry === 'dist') return [];
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
    });
  for (const file of [...walk(join(repoRoot, 'libs')), ...walk(join(repoRoot, 'services'))]) {
    const source = readFileSync(file, 'utf8');
    for (const [, kind, name] of source.matchAll(/\b(counter|gauge|histogram)(?:<[^>]*>)?\(\{\s*name:\s*'(sopwright_\w+)'/g)) declared.set(name!, kind as 'counter' | 'gauge' | 'histogram');
  }
  return declared;
}

/** Whether a series name exists: a declared metric, a histogram's _bucket/_sum/_count, or a known outside one. */
export function seriesExists(name: string): boolean {
  if (externalMetrics.has(name)) return true;
  const metrics = declaredMetrics();
  if (metrics.get(name) === 'counter' || metrics.get(name) === 'gauge') return true;
  const histogram = /^(.*)_(bucket|sum|count)$/.exec(name);
  return histogram !== null && metrics.get(histogram[1]!) === 'histogram';
}
