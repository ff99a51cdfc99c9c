import { z } from 'zod';

/** Where a page ended: the last summary's creation time (ISO 8601 in UTC, microseconds kept) and id. */
export interface PagePosition {
  createdAt: string;
  id: string;
}

const positionSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.string().uuid()]);

/** Opaque to callers: base64url of the position, so it can change shape without breaking URLs' syntax. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or null for one this service never gave out. */
export function decodeCursor(cursor: string): PagePosition | null {
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success || Number.isNaN(Date.parse(parsed.data[0]))) return null;
    return { createdAt: parsed.data[0], id: parsed.data[1] };
  } catch {
    return null;
  }
}
