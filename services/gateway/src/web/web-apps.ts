import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Response } from 'express';
import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

/** Hashed bundles never change; entry points (index.html, main.js, remoteEntry.js) must be re-read on each visit. */
function cacheHeaders(res: Response, filePath: string): void {
  const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)(\.br|\.gz)?$/.test(filePath);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Types of the files the web build writes .br and .gz copies of (their own, not the copy's). */
const precompressedTypes: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.html': 'text/html; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
};

/** The encodings an Accept-Encoding header allows (q > 0), lower-cased. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.toLowerCase().split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

/** Brotli if the browser takes it, then gzip: the copies the build wrote beside each file. */
export function precompressedEncoding(header: string | undefined): { encoding: 'br' | 'gzip'; suffix: '.br' | '.gz' } | undefined {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return { encoding: 'br', suffix: '.br' };
  if (accepted.has('gzip') || accepted.has('*')) return { encoding: 'gzip', suffix: '.gz' };
  return undefined;
}

/**
 * Answers a request for a built file with its .br or .gz copy when the browser accepts it and
 * the copy exists: the request goes on to express.static for the copy, with Content-Encoding
 * and the original's Content-Type already set (the `compression` middleware then leaves it as
 * it is). Every compressible file varies by Accept-Encoding, copy or not.
 */
function precompressed(root: string): express.RequestHandler {
  const base = resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    const type = precompressedTypes[extname(req.path)];
    if (!type) return next();
    res.vary('Accept-Encoding');
    const chosen = precompressedEncoding(req.headers['accept-encoding']);
    if (!chosen) return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = resolve(base, `.${pathname}`);
    if (!file.startsWith(base + sep) || !existsSync(file + chosen.suffix)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', chosen.encoding);
    const query = req.url.indexOf('?');
    req.url = query < 0 ? `${req.url}${chosen.suffix}` : `${req.url.slice(0, query)}${chosen.suffix}${req.url.slice(query)}`;
    next();
  };
}

/**
 * Serves the built shell and remotes on the embedded stack, the precompressed copies the build
 * wrote when the browser takes them. In a cluster nginx does this, and answers /remotes.json
 * from a ConfigMap instead.
 */
export function mountWebApps(app: NestExpressApplication, webDir: string, remotes: Record<string, string>): void {
  const shellDir = join(webDir, 'shell');
  const remotesDir = join(webDir, 'remotes');
  const indexHtml = join(shellDir, 'index.html');

  app.use('/remotes.json', (_req: express.Request, res: express.Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remotes);
  });
  app.use('/remotes', precompressed(remotesDir), express.static(remotesDir, { index: false, setHeaders: cacheHeaders, fallthrough: false }));
  app.use(precompressed(shellDir), express.static(shellDir, { index: false, setHeaders: cacheHeaders }));

  // Client-side routes (/dashboard, /sop/123, unknown paths for the 404 page) all get the shell.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && req.accepts('html');
    if (!wantsPage || !existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
