import type { ActivityAction } from '@sopwright/contracts';
import type { EntityManager } from 'typeorm';

export interface ActivityRecord {
  ownerId: string;
  actorId: string | null;
  action: ActivityAction;
  sopId: string | null;
  detail?: Record<string, string | number | null>;
  /** Unique per event, so an event recorded twice (a redelivered request) is one entry. */
  key: string;
}

/** Appends to the workspace's activity log, in the caller's transaction. */
export async function recordActivity(manager: EntityManager, entry: ActivityRecord): Promise<void> {
  await manager.query(
    `INSERT INTO "sop"."activity" ("owner_id", "actor_id", "action", "sop_id", "detail", "key") VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("key") DO NOTHING`,
    [entry.ownerId, entry.actorId, entry.action, entry.sopId, JSON.stringify(entry.detail ?? {}), entry.key],
  );
}
