import type { NextFunction, Request, Response } from 'express';
import { apiError } from './api-exception.filter';

/** C0 controls other than tab, newline and carriage return, and DEL: never part of real text, and Postgres refuses NUL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const controlCharacterMessage = 'Text must not contain control characters';

function containsControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return controlCharacter.test(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (controlCharacter.test(key) || containsControl(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses control characters in JSON bodies, query strings and paths with a 400 before any
 * service sees them (a NUL reaching Postgres is a 500, and a generation would retry it).
 */
export function refuseControlCharacters(req: Request, res: Response, next: NextFunction): void {
  let path = req.path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // malformed escapes are the router's to answer
  }
  if (controlCharacter.test(path) || containsControl(req.query) || containsControl(req.body)) {
    res.status(400).json(apiError(400, controlCharacterMessage));
    return;
  }
  next();
}
