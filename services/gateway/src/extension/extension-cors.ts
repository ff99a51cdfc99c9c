import type { NextFunction, Request, Response } from 'express';
import { captureUploadPath, captureWorkspacesPath, WORKSPACE_HEADER } from '@sopwright/contracts';

/** A Chromium extension's origin: its 32-letter id (Chrome, Edge and Brave alike). */
const extensionOrigin = /^chrome-extension:\/\/[a-p]{32}$/;

/** The routes the capture extension calls; each authenticates by a Bearer token, never a cookie. */
const extensionPaths = new Set(['/api/extension/connections', '/api/extension/connection', captureWorkspacesPath, captureUploadPath]);

/**
 * Lets the capture extension call its routes when the user declined (or was never asked for)
 * access to this server's address: CORS for extension origins on those routes only. No
 * credentials are allowed, so a browser sends no cookie along and only the extension's token
 * (which a page cannot have) gets through.
 */
export function extensionCors(req: Request, res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  if (!origin || !extensionOrigin.test(origin) || !extensionPaths.has(req.path)) return next();
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.vary('Origin');
  if (req.method !== 'OPTIONS') return next();
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
  res.setHeader('Access-Control-Allow-Headers', `authorization, content-type, x-generation-id, ${WORKSPACE_HEADER}`);
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
}
