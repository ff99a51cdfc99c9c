import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureHelm, type HelmResult } from './helm';
import { chartDir, repoRoot } from './paths';

/**
 * Just enough of a Kubernetes API server for `helm template --dry-run=server`, whose
 * `lookup` calls then reach it: the core v1 discovery document and Secrets (list and get)
 * of one namespace, served from memory. It shows what the chart does when a cluster answers
 * (a first install, an upgrade with its kept Secrets), which no cluster here can.
 * Every request is recorded.
 */
export class FakeCluster {
  readonly requests: string[] = [];
  private server?: Server;
  private dir?: string;

  /** Secret name → data (plain strings; served base64-encoded like the API does). */
  constructor(private readonly secrets: Record<string, Record<string, string>> = {}) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      this.requests.push(`${request.method} ${url.pathname}`);
      const send = (code: number, body: unknown) => {
        response.writeHead(code, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const notFound = () => send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
      const encoded = (data: Record<string, string>) => Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
      if (url.pathname === '/version') return send(200, { major: '1', minor: '32', gitVersion: 'v1.32.0' });
      if (url.pathname === '/api') return send(200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] });
      if (url.pathname === '/apis') return send(200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
      if (url.pathname === '/api/v1') {
        return send(200, { kind: 'APIResourceList', groupVersion: 'v1', resources: [{ name: 'secrets', singularName: 'secret', namespaced: true, kind: 'Secret', verbs: ['get', 'list'] }] });
      }
      const list = /^\/api\/v1\/namespaces\/([^/]+)\/secrets$/.exec(url.pathname);
      if (list) {
        const items = Object.entries(this.secrets).map(([name, data]) => ({ metadata: { name, namespace: list[1] }, data: encoded(data) }));
        return send(200, { kind: 'SecretList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items });
      }
      const one = /^\/api\/v1\/namespaces\/([^/]+)\/secrets\/([^/]+)$/.exec(url.pathname);
      const data = one ? this.secrets[one[2]!] : undefined;
      if (one && data) return send(200, { kind: 'Secret', apiVersion: 'v1', metadata: { name: one[2], namespace: one[1] }, data: encoded(data) });
      return notFound();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.dir = mkdtempSync(join(tmpdir(), 'sopwright-fake-cluster-'));
    writeFileSync(
      join(this.dir, 'kubeconfig'),
      [
        'apiVersion: v1',
        'kind: Config',
        `clusters: [{ name: fake, cluster: { server: "http://127.0.0.1:${port}" } }]`,
        'users: [{ name: fake, user: {} }]',
        'contexts: [{ name: fake, context: { cluster: fake, user: fake } }]',
        'current-context: fake',
      ].join('\n'),
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * `helm template --dry-run=server` against this cluster (asynchronous: the server answers
   * from this process's event loop while helm runs).
   */
  template(valuesFiles: string[] = [], extra: string[] = []): Promise<HelmResult> {
    const args = ['template', 'sopwright', chartDir, '--namespace', 'sopwright', '--kube-version', '1.32.0', '--dry-run=server', ...valuesFiles.flatMap((file) => ['-f', file]), ...extra];
    const home = join(this.dir!, 'helm');
    const env = { ...process.env, KUBECONFIG: join(this.dir!, 'kubeconfig'), HELM_CACHE_HOME: home, HELM_CONFIG_HOME: home, HELM_DATA_HOME: home };
    return new Promise((resolve) => {
      execFile(ensureHelm(), args, { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  }
}
