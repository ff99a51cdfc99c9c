import type { IncomingMessage } from 'node:http';

/** What Express adds to a request once a route matched it. */
export interface RoutedRequest extends IncomingMessage {
  route?: { path?: unknown };
  baseUrl?: string;
  originalUrl?: string;
}

/**
 * The route template Express matched (`/api/sop/:id`), never the URL itself: ids would make
 * a series per SOP. Requests no route took (404s, body-parser errors before routing) are
 * `unmatched` under /api and `web` elsewhere (the web apps, served by the gateway only locally).
 */
export function routeTemplate(req: RoutedRequest): string {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}` || '/';
  const url = (req.originalUrl ?? req.url ?? '/').split('?')[0]!;
  return url === '/api' || url.startsWith('/api/') ? 'unmatched' : 'web';
}

