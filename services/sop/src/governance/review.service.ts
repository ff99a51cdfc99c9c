import { Inject, Injectable } from '@nestjs/common';
import { messages, reviewMessages, type SopReview } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { SopEntity } from '../sops/sop.entity';
import { recordActivity } from './activity-log';

/**
 * Review and approval. Submitting names an approver (the gateway checked they are an admin or
 * owner); approving records who and when and makes the current version the one readers see;
 * editing an approved SOP (sops.service) makes it a draft again without touching that.
 */
@Injectable()
export class ReviewService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async get(ownerId: string, sopId: string): Promise<SopReview> {
    return toReview(await owned(this.dataSource.manager, ownerId, sopId));
  }

  async submit(ownerId: string, sopId: string, actorId: string, approverId: string): Promise<SopReview> {
    return this.dataSource.transaction(async (manager) => {
      const sop = await owned(manager, ownerId, sopId, true);
      if (sop.status !== 'in_review' || sop.approverId !== approverId) {
        sop.status = 'in_review';
        sop.approverId = approverId;
        sop.ownerUserId ??= actorId;
        await manager.getRepository(SopEntity).save(sop);
      }
      await recordActivity(manager, { ownerId, actorId, action: 'submitted', sopId, detail: { version: sop.version, approverId }, key: `submitted:${sopId}:${sop.version}:${approverId}` });
      return toReview(sop);
    });
  }

  async approve(ownerId: string, sopId: string, actorId: string, actorIsOwner: boolean): Promise<SopReview> {
    return this.dataSource.transaction(async (manager) => {
      const sop = await owned(manager, ownerId, sopId, true);
      // Approving what is approved already (a second click, a redelivery) changes nothing.
      if (sop.status === 'approved' && sop.approvedVersion === sop.version) return toReview(sop);
      if (sop.status !== 'in_review') throw new ServiceError('CONFLICT', reviewMessages.notInReview);
      if (sop.approverId !== actorId && !actorIsOwner) throw new ServiceError('FORBIDDEN', reviewMessages.onlyApprover);
      sop.status = 'approved';
      sop.approvedVersion = sop.version;
      sop.approvedBy = actorId;
      sop.approvedAt = new Date();
      await manager.getRepository(SopEntity).save(sop);
      await recordActivity(manager, { ownerId, actorId, action: 'approved', sopId, detail: { version: sop.version }, key: `approved:${sopId}:${sop.version}` });
      return toReview(sop);
    });
  }

  async setInterval(ownerId: string, sopId: string, months: number | null): Promise<SopReview> {
    return this.dataSource.transaction(async (manager) => {
      const sop = await owned(manager, ownerId, sopId, true);
      sop.reviewIntervalMonths = months;
      await manager.getRepository(SopEntity).save(sop);
      return toReview(sop);
    });
  }
}

export async function owned(manager: EntityManager, ownerId: string, sopId: string, lock = false): Promise<SopEntity> {
  const sop = await manager.getRepository(SopEntity).findOne({ where: { id: sopId, ownerId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!sop) throw new ServiceError('NOT_FOUND', messages.sopNotFound);
  return sop;
}

/** The version readers read: the approved one, else the current. */
export const readableVersion = (sop: SopEntity): number => sop.approvedVersion ?? sop.version;

function toReview(sop: SopEntity): SopReview {
  const next = sop.approvedAt && sop.reviewIntervalMonths ? addMonths(sop.approvedAt, sop.reviewIntervalMonths) : null;
  return {
    status: sop.status,
    approvedVersion: sop.approvedVersion,
    approvedBy: sop.approvedBy,
    approvedAt: sop.approvedAt?.toISOString() ?? null,
    approverId: sop.approverId,
    ownerUserId: sop.ownerUserId,
    reviewIntervalMonths: sop.reviewIntervalMonths,
    nextReviewAt: next?.toISOString() ?? null,
    currentVersion: sop.version,
  };
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
