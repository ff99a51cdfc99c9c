import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot, serviceNames } from './paths';

const script = join(repoRoot, 'tools/deploy/kind-up.sh');
const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;

describe('kind', () => {
  it('k8s/kind-cluster.yaml is a kind Cluster whose ingress node maps port 80 to the host 8080', () => {
    const cluster = parse(readFileSync(join(repoRoot, 'k8s/kind-cluster.yaml'), 'utf8'));
    expect([cluster.kind, cluster.apiVersion]).toEqual(['Cluster', 'kind.x-k8s.io/v1alpha4']);
    const node = cluster.nodes[0];
    expect(node.extraPortMappings).toContainEqual({ containerPort: 80, hostPort: 8080, protocol: 'TCP' });
    expect(node.kubeadmConfigPatches.join('\n')).toContain('ingress-ready=true');
  });

  it('tools/deploy/kind-up.sh parses (bash -n)', () => {
    expect(() => execFileSync('bash', ['-n', script])).not.toThrow();
  });

  (hasShellcheck ? it : it.skip)('tools/deploy/kind-up.sh is shellcheck-clean', () => {
    const result = spawnSync('shellcheck', [script], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('builds and loads every image the chart uses, with the tag k8s/kind-values.yaml expects', () => {
    const text = readFileSync(script, 'utf8');
    const values = parse(readFileSync(join(repoRoot, 'k8s/kind-values.yaml'), 'utf8'));
    expect(text).toContain(`services=(${serviceNames.join(' ')})`);
    expect(text).toContain(`tag="\${TAG:-${values.image.tag}}"`);
    expect(values.image.pullPolicy).toBe('Never');
    expect(text).toContain('kind load docker-image');
    expect(text).toContain('-f k8s/kind-values.yaml');
    expect(text).toContain('helm upgrade --install');
  });

  it('waits for the ingress controller pods to exist before `kubectl wait` (which fails at once on no match)', () => {
    const text = readFileSync(script, 'utf8');
    const lines = text.split('\n');
    const waitFunction = text.slice(text.indexOf('wait_for_pods() {'), text.indexOf('\n}', text.indexOf('wait_for_pods() {')));
    // The only `kubectl wait` runs inside wait_for_pods, after a loop on `kubectl get pods`.
    expect(lines.filter((line) => line.includes('kubectl wait') && !line.trim().startsWith('#'))).toHaveLength(1);
    expect(waitFunction.indexOf('kubectl get pods')).toBeGreaterThan(0);
    expect(waitFunction.indexOf('kubectl get pods')).toBeLessThan(waitFunction.indexOf('kubectl wait'));
    expect(waitFunction).toMatch(/until \[\[ -n "\$\(kubectl get pods/);
    expect(text).toContain('wait_for_pods ingress-nginx app.kubernetes.io/component=controller');
    // And the chart waits after the controller (its Ingress needs the admission webhook).
    expect(text.indexOf('\nwait_for_pods ingress-nginx')).toBeLessThan(text.indexOf('\nhelm upgrade --install'));
  });

  it('says what --wait-for-jobs does (non-hook Jobs), not that it waits for the migration hooks, and runs helm test', () => {
    const text = readFileSync(script, 'utf8');
    expect(text).not.toMatch(/--wait does not cover the post-install migration Jobs/);
    expect(text).not.toMatch(/--wait-for-jobs makes helm wait for those/);
    expect(text).toContain('--wait-for-jobs only concerns Jobs that are ordinary release');
    expect(text).toMatch(/helm test "\$release" --namespace "\$namespace"/);
    expect(text.indexOf('\nhelm test')).toBeGreaterThan(text.indexOf('\nhelm upgrade --install'));
  });
});
