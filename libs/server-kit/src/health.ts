import { createServer, type ServerResponse, type Server } from 'node:http';
import { renderMetrics } from './metrics';

export type HealthCheck = () => Promise<void>;

/**
 * Liveness (`/health/live`: the process answers), readiness (`/health/ready`: every
 * dependency answers) and Prometheus metrics (`/metrics`) for services that speak no HTTP
 * of their own. The port is for probes and scrapers, never routed from outside.
 */
export function startHealthServer(port: number, checks: Record<string, HealthCheck>): Promise<Server> {
  return listen(port, (url, reply, res) => {
    if (url === '/health/live') return reply(200, { status: 'ok' });
    if (url === '/health/ready') {
      void runChecks(checks).then((report) => reply(report.status === 'ok' ? 200 : 503, report));
      return;
    }
    if (url === '/metrics') return void sendMetrics(res);
    reply(404, notFound);
  });
}

/**
 * `/metrics` alone, on a port of its own: for the gateway, whose HTTP port is public. The
 * server does not keep the process alive.
 */
export async function startMetricsServer(port: number): Promise<Server> {
  const server = await listen(port, (url, reply, res) => (url === '/metrics' ? void sendMetrics(res) : reply(404, notFound)));
  return server.unref();
}

const notFound = { statusCode: 404, message: 'Not found', error: 'Not Found' };

type Reply = (status: number, body: unknown) => void;

function listen(port: number, route: (url: string, reply: Reply, res: ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => {
    const reply: Reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    route((req.url ?? '/').split('?')[0]!, reply, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

async function sendMetrics(res: ServerResponse): Promise<void> {
  try {
    const { contentType, body } = await renderMetrics();
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

export async function runChecks(checks: Record<string, HealthCheck>) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await check();
        return [name, 'up'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const details = Object.fromEntries(entries);
  return { status: entries.every(([, state]) => state === 'up') ? 'ok' : 'error', details };
}
