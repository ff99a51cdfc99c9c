import { z } from 'zod';
import { defineMessage } from './define-message';

export const uuidSchema = z.string().uuid();

/** Every request on behalf of a user names the owner; services scope all reads and writes by it. */
export const ownerScopedSchema = z.object({ ownerId: uuidSchema });

/** Readiness message every service answers once it and its database are up. */
export const pingMessage = (service: string) => defineMessage(`${service}.ping`, z.object({}), z.object({ ok: z.literal(true) }));
