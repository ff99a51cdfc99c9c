import type { Request } from 'express';

/** The caller's address: the socket's, or the forwarded one a trusted proxy (see `trust proxy`) reports. */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
