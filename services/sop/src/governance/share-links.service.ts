import { Inject, Injectable } from '@nestjs/common';
import { shareMessages, type CreatedShareLink, type ShareLink, type Step } from '@sopwright/contracts';
import { ServiceError, stableUuid } from '@sopwright/server-kit';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SopVersionEntity } from '../sops/sop-version.entity';
import { recordActivity } from './activity-log';
import { owned } from './review.service';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface LinkRow {
  id: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
}

/**
 * Read-only public links to one SOP: an unguessable token (stored as a hash), revocable at
 * once, with an optional expiry. A link shows the approved version when there is one.
 */
@Injectable()
export class ShareLinksService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The same token again (a redelivered request) is the same link. */
  async create(ownerId: string, sopId: string, actorId: string, expiresAt: string | null, token: string): Promise<Omit<CreatedShareLink, 'url'>> {
    const tokenHash = sha256(token);
    const id = stableUuid(`share-link:${tokenHash}`);
    return this.dataSource.transaction(async (manager) => {
      await owned(manager, ownerId, sopId);
      await manager.query(
        `INSERT INTO "sop"."sop_share_links" ("id", "sop_id", "token_hash", "created_by", "expires_at") VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("id") DO NOTHING`,
        [id, sopId, tokenHash, actorId, expiresAt],
      );
      const rows: LinkRow[] = await manager.query(`SELECT * FROM "sop"."sop_share_links" WHERE "id" = $1 AND "sop_id" = $2`, [id, sopId]);
      if (!rows[0]) throw new ServiceError('CONFLICT', 'That share link belongs to another SOP');
      await recordActivity(manager, { ownerId, actorId, action: 'shared', sopId, detail: { linkId: id }, key: `shared:${id}` });
      return { ...toLink(rows[0]), token };
    });
  }

  async list(ownerId: string, sopId: string): Promise<ShareLink[]> {
    await owned(this.dataSource.manager, ownerId, sopId);
    const rows: LinkRow[] = await this.dataSource.query(
      `SELECT * FROM "sop"."sop_share_links" WHERE "sop_id" = $1 AND "revoked_at" IS NULL AND ("expires_at" IS NULL OR "expires_at" > now()) ORDER BY "created_at" DESC`,
      [sopId],
    );
    return rows.map(toLink);
  }

  async revoke(ownerId: string, sopId: string, actorId: string, linkId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await owned(manager, ownerId, sopId);
      const rows: { revoked_at: Date | null }[] = await manager.query(`SELECT "revoked_at" FROM "sop"."sop_share_links" WHERE "id" = $1 AND "sop_id" = $2`, [linkId, sopId]);
      if (!rows[0]) throw new ServiceError('NOT_FOUND', shareMessages.linkNotFound);
      if (rows[0].revoked_at) return;
      await manager.query(`UPDATE "sop"."sop_share_links" SET "revoked_at" = now() WHERE "id" = $1`, [linkId]);
      await recordActivity(manager, { ownerId, actorId, action: 'unshared', sopId, detail: { linkId }, key: `unshared:${linkId}` });
    });
  }

  /** What the link shows now; a revoked, expired or unknown token is NOT_FOUND. */
  async resolve(token: string) {
    const rows: { sop_id: string }[] = await this.dataSource.query(
      `SELECT "sop_id" FROM "sop"."sop_share_links" WHERE "token_hash" = $1 AND "revoked_at" IS NULL AND ("expires_at" IS NULL OR "expires_at" > now())`,
      [sha256(token)],
    );
    const sopId = rows[0]?.sop_id;
    if (!sopId) throw new ServiceError('NOT_FOUND', shareMessages.notFound);
    const sop = await this.dataSource.query(`SELECT "owner_id" FROM "sop"."sops" WHERE "id" = $1`, [sopId]);
    const entity = await owned(this.dataSource.manager, (sop[0] as { owner_id: string }).owner_id, sopId);
    let content: { title: string; steps: Step[]; version: number; updatedAt: Date } = { title: entity.title, steps: entity.steps, version: entity.version, updatedAt: entity.updatedAt };
    if (entity.approvedVersion !== null && entity.approvedVersion !== entity.version) {
      const approved = await this.dataSource.getRepository(SopVersionEntity).findOneByOrFail({ sopId, version: entity.approvedVersion });
      content = { title: approved.title, steps: approved.steps, version: approved.version, updatedAt: approved.savedAt };
    }
    return { ownerId: entity.ownerId, sopId, title: content.title, steps: content.steps, version: content.version, approved: entity.approvedVersion !== null, updatedAt: content.updatedAt.toISOString() };
  }
}

const toLink = (row: LinkRow): ShareLink => ({
  id: row.id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
});
