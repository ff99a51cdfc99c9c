import { createServer, type Server } from 'node:http';

export type HealthCheck = () => Promise<void>;

/**
 * Liveness (`/health/live`: the process answers) and readiness (`/health/ready`: every
 * dependency answers) for services that speak no HTTP of their own.
 */
export function startHealthServer(port: number, checks: Record<string, HealthCheck>): Promise<Server> {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health/live') return reply(200, { status: 'ok' });
    if (req.url === '/health/ready') {
      void runChecks(checks).then((report) => reply(report.status === 'ok' ? 200 : 503, report));
      return;
    }
    reply(404, { statusCode: 404, message: 'Not found', error: 'Not Found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
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
