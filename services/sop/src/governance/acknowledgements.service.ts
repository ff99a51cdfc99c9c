import { Inject, Injectable } from '@nestjs/common';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource } from 'typeorm';
import { recordActivity } from './activity-log';
import { owned, readableVersion } from './review.service';

/**
 * Who must read an SOP, and who confirmed reading which version. Acknowledgements are kept
 * for every version (the record auditors ask for); a member has read the SOP when they
 * acknowledged the version to be read now (the approved one, else the current), so approving
 * a new version asks everyone again.
 */
@Injectable()
export class AcknowledgementsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Replaces the list; the same list again changes nothing. */
  async setAssignees(ownerId: string, sopId: string, actorId: string, userIds: string[]): Promise<{ userIds: string[] }> {
    const wanted = [...new Set(userIds)];
    return this.dataSource.transaction(async (manager) => {
      await owned(manager, ownerId, sopId, true);
      await manager.query(`DELETE FROM "sop"."sop_assignments" WHERE "sop_id" = $1 AND NOT ("user_id" = ANY($2::uuid[]))`, [sopId, wanted]);
      const added: { user_id: string; assigned_at: Date }[] = await manager.query(
        `INSERT INTO "sop"."sop_assignments" ("sop_id", "user_id", "assigned_by") SELECT $1, unnest($2::uuid[]), $3 ON CONFLICT DO NOTHING RETURNING "user_id", "assigned_at"`,
        [sopId, wanted, actorId],
      );
      // Keyed by the assignment itself: a redelivered request adds no row and logs nothing twice.
      for (const { user_id: userId, assigned_at: at } of added) {
        await recordActivity(manager, { ownerId, actorId, action: 'assigned', sopId, detail: { userId }, key: `assigned:${sopId}:${userId}:${new Date(at).toISOString()}` });
      }
      return { userIds: wanted };
    });
  }

  /** Records that the member read the version to be read now; again is the same record. */
  async acknowledge(ownerId: string, sopId: string, userId: string): Promise<{ version: number; acknowledgedAt: string }> {
    return this.dataSource.transaction(async (manager) => {
      const sop = await owned(manager, ownerId, sopId);
      const version = readableVersion(sop);
      if (!version) throw new ServiceError('CONFLICT', 'There is no version to acknowledge yet');
      await manager.query(`INSERT INTO "sop"."sop_acknowledgements" ("sop_id", "user_id", "version") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [sopId, userId, version]);
      const rows: { acknowledged_at: Date }[] = await manager.query(`SELECT "acknowledged_at" FROM "sop"."sop_acknowledgements" WHERE "sop_id" = $1 AND "user_id" = $2 AND "version" = $3`, [sopId, userId, version]);
      await recordActivity(manager, { ownerId, actorId: userId, action: 'acknowledged', sopId, detail: { version }, key: `acknowledged:${sopId}:${userId}:${version}` });
      return { version, acknowledgedAt: new Date(rows[0]!.acknowledged_at).toISOString() };
    });
  }

  async status(ownerId: string, sopId: string) {
    const sop = await owned(this.dataSource.manager, ownerId, sopId);
    const assigned: { user_id: string }[] = await this.dataSource.query(`SELECT "user_id" FROM "sop"."sop_assignments" WHERE "sop_id" = $1 ORDER BY "assigned_at"`, [sopId]);
    const records: { user_id: string; version: number; acknowledged_at: Date }[] = await this.dataSource.query(
      `SELECT "user_id", "version", "acknowledged_at" FROM "sop"."sop_acknowledgements" WHERE "sop_id" = $1 ORDER BY "acknowledged_at", "version"`,
      [sopId],
    );
    return {
      version: readableVersion(sop),
      assigned: assigned.map((row) => row.user_id),
      records: records.map((row) => ({ userId: row.user_id, version: row.version, acknowledgedAt: new Date(row.acknowledged_at).toISOString() })),
    };
  }

  /** The workspace's SOPs assigned to the user, unread ones first. */
  async assignedTo(ownerId: string, userId: string) {
    const rows: { id: string; title: string; version: number; approved_version: number | null; acknowledged: boolean }[] = await this.dataSource.query(
      `SELECT s."id", s."title", s."version", s."approved_version",
              EXISTS (SELECT 1 FROM "sop"."sop_acknowledgements" k WHERE k."sop_id" = s."id" AND k."user_id" = $2 AND k."version" = COALESCE(s."approved_version", s."version")) AS "acknowledged"
         FROM "sop"."sop_assignments" a JOIN "sop"."sops" s ON s."id" = a."sop_id"
        WHERE s."owner_id" = $1 AND a."user_id" = $2
        ORDER BY 5, a."assigned_at" DESC`,
      [ownerId, userId],
    );
    return rows.map((row) => ({ sopId: row.id, title: row.title, version: row.approved_version ?? row.version, acknowledged: row.acknowledged }));
  }
}
