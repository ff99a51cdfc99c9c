import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Hashed bundles never change; entry points (index.html, remoteEntry.js) must be re-read on each visit. */
function cacheHeaders(res: Response, filePath: string): void {
  const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/.test(filePath);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built shell and remotes on the embedded stack. In a cluster nginx does this,
 * and answers /remotes.json from a ConfigMap instead.
 */
export function mountWebApps(app: NestExpressApplication, webDir: string, remotes: Record<string, string>): void {
  const shellDir = join(webDir, 'shell');
  const indexHtml = join(shellDir, 'index.html');

  app.use('/remotes.json', (_req: express.Request, res: express.Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remotes);
  });
  app.use('/remotes', express.static(join(webDir, 'remotes'), { index: false, setHeaders: cacheHeaders, fallthrough: false }));
  app.use(express.static(shellDir, { index: false, setHeaders: cacheHeaders }));

  // Client-side routes (/dashboard, /sop/123, unknown paths for the 404 page) all get the shell.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && req.accepts('html');
    if (!wantsPage || !existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
