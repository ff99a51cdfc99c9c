import { Inject, Injectable } from '@nestjs/common';
import type { ActivityAction } from '@sopwright/contracts';
import { DataSource } from 'typeorm';
import { recordActivity, type ActivityRecord } from './activity-log';

/** The workspace's activity log: who created, edited, approved, shared, exported what, and when. */
@Injectable()
export class ActivityService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  record(entry: ActivityRecord): Promise<void> {
    return recordActivity(this.dataSource.manager, entry);
  }

  async list(ownerId: string, limit: number) {
    const rows: { id: string; actor_id: string | null; action: ActivityAction; sop_id: string | null; title: string | null; detail: Record<string, string | number | null>; at: Date }[] =
      await this.dataSource.query(
        `SELECT a."id"::text, a."actor_id", a."action", a."sop_id", s."title", a."detail", a."at"
           FROM "sop"."activity" a LEFT JOIN "sop"."sops" s ON s."id" = a."sop_id"
          WHERE a."owner_id" = $1 ORDER BY a."at" DESC, a."id" DESC LIMIT $2`,
        [ownerId, limit],
      );
    return rows.map((row) => ({ id: row.id, actorId: row.actor_id, action: row.action, sopId: row.sop_id, sopTitle: row.title, detail: row.detail, at: new Date(row.at).toISOString() }));
  }
}
