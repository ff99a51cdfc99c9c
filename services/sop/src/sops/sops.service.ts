import { Inject, Injectable } from '@nestjs/common';
import { messages, type CreateSopCommand, type Sop, type SopPage, type SopSummary, type SopVersion, type SopVersionSummary, type Step } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { SopVersionEntity } from './sop-version.entity';
import { recordActivity } from '../governance/activity-log';
import { SopEntity } from './sop.entity';
import { decodeCursor, encodeCursor } from './sop-page-cursor';
import { toSop, toVersion, toVersionSummary } from './sop.mapper';

/** Every read and write is scoped by owner: another user's SOP is indistinguishable from a missing one. */
@Injectable()
export class SopsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async create(command: CreateSopCommand): Promise<Sop> {
    const repository = this.dataSource.getRepository(SopEntity);
    if (command.creationKey) {
      const existing = await repository.findOneBy({ ownerId: command.ownerId, creationKey: command.creationKey });
      if (existing) return toSop(existing);
    }
    const entity = repository.create({
      ownerUserId: command.actorId ?? null,
      creationKey: command.creationKey ?? null,
      ownerId: command.ownerId,
      title: command.title,
      sourceType: command.sourceType,
      origin: command.origin,
      steps: command.steps,
      transcript: command.transcript,
      generatedBy: command.generatedBy,
      version: 1,
    });
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.getRepository(SopEntity).save(entity);
      if (command.actorId) await recordActivity(manager, { ownerId: saved.ownerId, actorId: command.actorId, action: 'created', sopId: saved.id, detail: { title: saved.title }, key: `created:${saved.id}` });
      return toSop(saved);
    });
  }

  async list(ownerId: string): Promise<Sop[]> {
    const entities = await this.dataSource.getRepository(SopEntity).find({
      where: { ownerId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return entities.map(toSop);
  }

  /**
   * A page of summaries, newest first, read by keyset (creation time, id) so a page costs the
   * same at any depth and an SOP created meanwhile never shifts the pages after it. Only what
   * the library shows is selected: the step count and first title come from the jsonb in SQL.
   */
  async listPage(ownerId: string, limit: number, cursor?: string): Promise<SopPage> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && !after) throw new ServiceError('VALIDATION_FAILED', 'This page link is not valid any more. Reload the list.');
    const query = this.dataSource
      .getRepository(SopEntity)
      .createQueryBuilder('sop')
      .select('sop.id', 'id')
      .addSelect('sop.title', 'title')
      .addSelect('sop.source_type', 'sourceType')
      .addSelect('sop.origin', 'origin')
      .addSelect('sop.generated_by', 'generatedBy')
      .addSelect('sop.version', 'version')
      .addSelect('sop.created_at', 'createdAt')
      // Microseconds kept (a JS Date would drop them and the keyset could skip a row), in UTC.
      .addSelect(`to_char(sop.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'position')
      .addSelect('sop.updated_at', 'updatedAt')
      .addSelect('jsonb_array_length(sop.steps)', 'stepCount')
      .addSelect("sop.steps -> 0 ->> 'title'", 'firstStepTitle')
      .addSelect('sop.status', 'status')
      // Approval plus the review interval, in SQL so the library can show what is overdue.
      .addSelect("sop.approved_at + make_interval(months => sop.review_interval_months)", 'nextReviewAt')
      .where('sop.owner_id = :ownerId', { ownerId })
      .orderBy('sop.created_at', 'DESC')
      .addOrderBy('sop.id', 'DESC')
      .limit(limit + 1);
    if (after) query.andWhere('(sop.created_at, sop.id) < (:createdAt::timestamptz, :id::uuid)', after);
    const rows = await query.getRawMany<SummaryRow>();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toSummary),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null,
    };
  }

  async ownerOf(sopId: string): Promise<{ ownerId: string }> {
    const row = await this.dataSource.getRepository(SopEntity).findOne({ where: { id: sopId }, select: { id: true, ownerId: true } });
    if (!row) throw new ServiceError('NOT_FOUND', messages.sopNotFound);
    return { ownerId: row.ownerId };
  }

  async get(ownerId: string, sopId: string): Promise<Sop> {
    return toSop(await this.findOwned(this.dataSource.manager, ownerId, sopId));
  }

  async update(ownerId: string, sopId: string, content: { title: string; steps: Step[] }, actorId?: string): Promise<Sop> {
    return this.dataSource.transaction((manager) => this.replaceContent(manager, ownerId, sopId, content, actorId, 'edited'));
  }

  /**
   * What a reader who may not see drafts reads: the approved version when the SOP moved past
   * it, else the SOP as it is.
   */
  async getReadable(ownerId: string, sopId: string): Promise<Sop> {
    const sop = await this.findOwned(this.dataSource.manager, ownerId, sopId);
    if (sop.approvedVersion === null || sop.approvedVersion === sop.version) return toSop(sop);
    const approved = await this.dataSource.getRepository(SopVersionEntity).findOneByOrFail({ sopId, version: sop.approvedVersion });
    return { ...toSop(sop), title: approved.title, steps: approved.steps, stepsJson: JSON.stringify(approved.steps), version: approved.version, updatedAt: approved.savedAt.toISOString() };
  }

  async listVersions(ownerId: string, sopId: string): Promise<SopVersionSummary[]> {
    await this.findOwned(this.dataSource.manager, ownerId, sopId);
    const versions = await this.dataSource.getRepository(SopVersionEntity).find({ where: { sopId }, order: { version: 'DESC' } });
    return versions.map(toVersionSummary);
  }

  async getVersion(ownerId: string, sopId: string, versionId: string): Promise<SopVersion> {
    await this.findOwned(this.dataSource.manager, ownerId, sopId);
    return toVersion(await this.findVersion(this.dataSource.manager, sopId, versionId));
  }

  /** Restoring is a save like any other: the content it replaces becomes a version too. */
  async restoreVersion(ownerId: string, sopId: string, versionId: string, actorId?: string): Promise<Sop> {
    return this.dataSource.transaction(async (manager) => {
      const version = await this.findVersion(manager, sopId, versionId);
      return this.replaceContent(manager, ownerId, sopId, { title: version.title, steps: version.steps }, actorId, 'restored', { from: version.version });
    });
  }

  /**
   * Deletes the SOP; its versions, share links (so they stop working at once), assignments and
   * acknowledgements go with it. The log keeps who deleted what, under a key per SOP, which is
   * also how a redelivered delete knows it was done.
   */
  async deleteSop(ownerId: string, sopId: string, actorId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const key = `deleted:${sopId}`;
      const sop = await manager.getRepository(SopEntity).findOne({ where: { id: sopId, ownerId }, lock: { mode: 'pessimistic_write' } });
      if (!sop) {
        const done: unknown[] = await manager.query(`SELECT 1 FROM "sop"."activity" WHERE "key" = $1 AND "owner_id" = $2`, [key, ownerId]);
        if (done.length > 0) return;
        throw new ServiceError('NOT_FOUND', messages.sopNotFound);
      }
      await recordActivity(manager, { ownerId, actorId, action: 'deleted', sopId, detail: { title: sop.title, version: sop.version }, key });
      await manager.getRepository(SopEntity).delete({ id: sopId, ownerId });
    });
  }

  /** Every SOP of the workspace, as `deleteSop` does each (logged, share links ended), in one statement. */
  async deleteAllSops(ownerId: string, actorId: string): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM "sop"."sops" WHERE "owner_id" = $1 RETURNING "id", "title", "version"),
            logged AS (INSERT INTO "sop"."activity" ("owner_id", "actor_id", "action", "sop_id", "detail", "key")
                       SELECT $1, $2, 'deleted', "id", jsonb_build_object('title', "title", 'version', "version"), 'deleted:' || "id" FROM gone
                       ON CONFLICT ("key") DO NOTHING)
       SELECT count(*)::int AS n FROM gone`,
      [ownerId, actorId],
    );
    return row?.n ?? 0;
  }

  /** Locks the row so two saves racing on one SOP each keep the other's content as a version. */
  private async replaceContent(
    manager: EntityManager,
    ownerId: string,
    sopId: string,
    content: { title: string; steps: Step[] },
    actorId?: string,
    action: 'edited' | 'restored' = 'edited',
    detail: Record<string, number> = {},
  ) {
    const current = await this.findOwned(manager, ownerId, sopId, true);
    // Saving what is already there changes nothing: no empty version, and a save delivered
    // twice (a replica took it over after doing it) is one save.
    if (sameContent(current, content)) return toSop(current);
    await manager.getRepository(SopVersionEntity).insert({
      sopId,
      version: current.version,
      title: current.title,
      steps: current.steps,
      savedAt: current.updatedAt,
    });
    current.title = content.title;
    current.steps = content.steps;
    current.version += 1;
    // An approved SOP that changes is a new draft; readers keep the approved version meanwhile.
    if (current.status === 'approved') current.status = 'draft';
    const saved = await manager.getRepository(SopEntity).save(current);
    if (actorId) await recordActivity(manager, { ownerId, actorId, action, sopId, detail: { version: saved.version, ...detail }, key: `${action}:${sopId}:${saved.version}` });
    return toSop(saved);
  }

  private async findOwned(manager: EntityManager, ownerId: string, sopId: string, lock = false): Promise<SopEntity> {
    const sop = await manager.getRepository(SopEntity).findOne({
      where: { id: sopId, ownerId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!sop) throw new ServiceError('NOT_FOUND', messages.sopNotFound);
    return sop;
  }

  private async findVersion(manager: EntityManager, sopId: string, versionId: string): Promise<SopVersionEntity> {
    const version = await manager.getRepository(SopVersionEntity).findOneBy({ id: versionId, sopId });
    if (!version) throw new ServiceError('NOT_FOUND', 'Version not found');
    return version;
  }
}

const comparable = ({ title, steps }: { title: string; steps: Step[] }) =>
  JSON.stringify([title, steps.map((step) => [step.title, step.details ?? '', step.imageUrls ?? []])]);

function sameContent(a: { title: string; steps: Step[] }, b: { title: string; steps: Step[] }): boolean {
  return comparable(a) === comparable(b);
}

interface SummaryRow {
  id: string;
  title: string;
  sourceType: SopSummary['sourceType'];
  origin: SopSummary['origin'];
  generatedBy: SopSummary['generatedBy'];
  version: number;
  createdAt: Date;
  position: string;
  updatedAt: Date;
  stepCount: number | string;
  firstStepTitle: string | null;
  status: SopSummary['status'];
  nextReviewAt: Date | null;
}

const toSummary = (row: SummaryRow): SopSummary => ({
  id: row.id,
  title: row.title,
  sourceType: row.sourceType,
  origin: row.origin,
  generatedBy: row.generatedBy ?? null,
  version: row.version,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  stepCount: Number(row.stepCount),
  firstStepTitle: row.firstStepTitle,
  status: row.status,
  nextReviewAt: row.nextReviewAt ? new Date(row.nextReviewAt).toISOString() : null,
});
