import type { IncomingMessage, ServerResponse } from 'node:http';
import { gauge, histogram, latencyBuckets, oneOf, secondsSince } from './metrics';
import { routeTemplate } from './route-template';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Registered by the first `httpMetrics()`, so that processes without HTTP show no HTTP series. */
const httpRequestDuration = () =>
  histogram({
    name: 'sopwright_http_request_duration_seconds',
    help: 'HTTP requests answered by the gateway, by method, route template (/api/sop/:id; "unmatched" under /api without a route, "web" for the web apps) and status code ("aborted" when the client left first).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: latencyBuckets,
  });

const httpRequestsInFlight = () =>
  gauge({
    name: 'sopwright_http_requests_in_flight',
    help: 'HTTP requests the gateway is answering right now.',
  });

/** Express middleware (mount it first): times every request by method, route template and status. */
export function httpMetrics(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const duration = httpRequestDuration();
  const inFlight = httpRequestsInFlight();
  return (req, res, next) => {
    const started = performance.now();
    inFlight.inc();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      inFlight.dec();
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      duration.observe({ method: oneOf(req.method, methods, 'OTHER'), route: routeTemplate(req), status }, secondsSince(started));
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
