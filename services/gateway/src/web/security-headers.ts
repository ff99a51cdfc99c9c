import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Origins the browser must load remotes from: those of absolute remote URLs, besides our own. */
export function remoteOrigins(remotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * Security headers for the app pages and the API: a Content-Security-Policy the shell and its
 * remotes satisfy (scripts only from here and the remotes' origins; Chakra's emotion injects
 * style elements, hence inline styles), no framing by other sites, no MIME sniffing.
 */
export function securityHeaders(remotes: Record<string, string>, secure: boolean): RequestHandler {
  const elsewhere = remoteOrigins(remotes);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...elsewhere],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:', ...elsewhere],
        connectSrc: ["'self'", ...elsewhere],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Exports and images open in new tabs from the app itself; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: secure,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
