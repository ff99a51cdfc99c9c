import { podSpecOf, type Manifest } from './manifests';

/**
 * What the rendered NetworkPolicies allow, worked out the way the API defines them, for one
 * release in one namespace: a pod selected by any policy with an Ingress (Egress) type is
 * isolated in that direction and takes (opens) only what some selecting policy's rules
 * allow; a rule without `from`/`to` allows every peer, one without `ports` every port.
 * Peers with a namespaceSelector or ipBlock are outside the release, reported as such.
 */

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] } | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: any };
type Port = { port?: number | string; protocol?: string };
type Rule = { from?: Peer[]; to?: Peer[]; ports?: Port[] };

export interface ReleasePod {
  /** Kind/name of the workload (or the Pod itself). */
  id: string;
  labels: Record<string, string>;
  /** Container ports: name and number. */
  ports: { name?: string; containerPort: number }[];
}

const workloadKinds = ['Deployment', 'StatefulSet', 'Job', 'Pod', 'DaemonSet', 'CronJob'];

export function releasePods(manifests: Manifest[]): ReleasePod[] {
  return manifests
    .filter((manifest) => workloadKinds.includes(manifest.kind))
    .map((manifest) => {
      const labels = manifest.kind === 'Pod' ? manifest.metadata.labels : manifest.kind === 'CronJob' ? manifest.spec?.jobTemplate?.spec?.template?.metadata?.labels : manifest.spec?.template?.metadata?.labels;
      const pod = podSpecOf(manifest);
      const ports = (pod?.containers ?? []).flatMap((container: { ports?: { name?: string; containerPort: number }[] }) => container.ports ?? []);
      return { id: `${manifest.kind}/${manifest.metadata.name}`, labels: labels ?? {}, ports };
    });
}

/** A label selector; an empty one ({}) selects everything, a missing one nothing. */
export function matches(selector: Selector, labels: Record<string, string>): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const expression of selector.matchExpressions ?? []) {
    const value = labels[expression.key];
    const ok =
      expression.operator === 'In' ? value !== undefined && (expression.values ?? []).includes(value)
      : expression.operator === 'NotIn' ? value === undefined || !(expression.values ?? []).includes(value)
      : expression.operator === 'Exists' ? value !== undefined
      : expression.operator === 'DoesNotExist' ? value === undefined
      : false;
    if (!ok) return false;
  }
  return true;
}

const policiesOf = (manifests: Manifest[]) => manifests.filter((manifest) => manifest.kind === 'NetworkPolicy');
const typesOf = (policy: Manifest): string[] => policy.spec?.policyTypes ?? (policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress']);

/** The policies that select a pod, per direction. */
export function selecting(manifests: Manifest[], pod: ReleasePod, direction: 'Ingress' | 'Egress'): Manifest[] {
  return policiesOf(manifests).filter((policy) => typesOf(policy).includes(direction) && matches(policy.spec?.podSelector ?? {}, pod.labels));
}

function portAllowed(rule: Rule, target: ReleasePod, port: number): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  return rule.ports.some((entry) => {
    if ((entry.protocol ?? 'TCP') !== 'TCP') return false;
    if (entry.port === undefined) return true;
    if (typeof entry.port === 'number') return entry.port === port;
    return target.ports.some((p) => p.name === entry.port && p.containerPort === port);
  });
}

/** An in-release peer: a podSelector alone (the policy's own namespace). */
const inRelease = (peer: Peer) => peer.podSelector !== undefined && peer.namespaceSelector === undefined && peer.ipBlock === undefined;

/** Whether `source` may open a TCP connection to `target` on `port`, both policies considered. */
export function canConnect(manifests: Manifest[], source: ReleasePod, target: ReleasePod, port: number): boolean {
  const egress = selecting(manifests, source, 'Egress');
  const out =
    egress.length === 0 ||
    egress.some((policy) => ((policy.spec?.egress ?? []) as Rule[]).some((rule) => portAllowed(rule, target, port) && (!rule.to || rule.to.length === 0 || rule.to.some((peer) => inRelease(peer) && matches(peer.podSelector, target.labels)))));
  const ingress = selecting(manifests, target, 'Ingress');
  const into =
    ingress.length === 0 ||
    ingress.some((policy) => ((policy.spec?.ingress ?? []) as Rule[]).some((rule) => portAllowed(rule, target, port) && (!rule.from || rule.from.length === 0 || rule.from.some((peer) => inRelease(peer) && matches(peer.podSelector, source.labels)))));
  return out && into;
}

/** The release's pods that may connect to `target` on `port`. */
export function clientsOf(manifests: Manifest[], target: ReleasePod, port: number): string[] {
  return releasePods(manifests)
    .filter((source) => source.id !== target.id && canConnect(manifests, source, target, port))
    .map((source) => source.id)
    .sort();
}

/**
 * Sources outside the release that `target` accepts on `port`, as canonical JSON of the peer
 * ("*" for a rule open to every peer; "unisolated" when no policy selects the pod).
 */
export function outsideSources(manifests: Manifest[], target: ReleasePod, port: number): string[] {
  const ingress = selecting(manifests, target, 'Ingress');
  if (ingress.length === 0) return ['unisolated'];
  const sources = new Set<string>();
  for (const policy of ingress) {
    for (const rule of (policy.spec?.ingress ?? []) as Rule[]) {
      if (!portAllowed(rule, target, port)) continue;
      if (!rule.from || rule.from.length === 0) sources.add('*');
      for (const peer of rule.from ?? []) if (!inRelease(peer)) sources.add(canonicalJson(peer));
    }
  }
  return [...sources].sort();
}

/** JSON with sorted keys, so that equal objects give equal strings. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  return JSON.stringify(value);
}

/** Whether a pod's egress allows DNS (53 over UDP and TCP) to any address. */
export function allowsDns(manifests: Manifest[], pod: ReleasePod): boolean {
  const egress = selecting(manifests, pod, 'Egress');
  if (egress.length === 0) return true;
  const open = (protocol: string) =>
    egress.some((policy) =>
      ((policy.spec?.egress ?? []) as Rule[]).some(
        (rule) => (!rule.to || rule.to.length === 0) && (!rule.ports || rule.ports.some((entry) => (entry.protocol ?? 'TCP') === protocol && (entry.port === undefined || entry.port === 53))),
      ),
    );
  return open('UDP') && open('TCP');
}
