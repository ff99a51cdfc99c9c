import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { sopMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { AcknowledgementsService } from './acknowledgements.service';
import { ActivityService } from './activity.service';
import { ReviewService } from './review.service';
import { ShareLinksService } from './share-links.service';

type RequestOf<K extends keyof typeof sopMessages> = z.output<(typeof sopMessages)[K]['request']>;
type Reply<K extends keyof typeof sopMessages> = Promise<MessageResponse<(typeof sopMessages)[K]>>;

/** Review, share links, acknowledgements and activity: what teams do with SOPs. */
@Controller()
export class GovernanceController {
  constructor(
    @Inject(ReviewService) private readonly review: ReviewService,
    @Inject(ShareLinksService) private readonly shares: ShareLinksService,
    @Inject(AcknowledgementsService) private readonly acknowledgements: AcknowledgementsService,
    @Inject(ActivityService) private readonly activity: ActivityService,
  ) {}

  @MessagePattern(sopMessages.getReview.pattern)
  getReview(@Payload({ schema: sopMessages.getReview.request }) r: RequestOf<'getReview'>): Reply<'getReview'> {
    return this.review.get(r.ownerId, r.sopId);
  }

  @MessagePattern(sopMessages.submitForReview.pattern)
  submit(@Payload({ schema: sopMessages.submitForReview.request }) r: RequestOf<'submitForReview'>): Reply<'submitForReview'> {
    return this.review.submit(r.ownerId, r.sopId, r.actorId, r.approverId);
  }

  @MessagePattern(sopMessages.approve.pattern)
  approve(@Payload({ schema: sopMessages.approve.request }) r: RequestOf<'approve'>): Reply<'approve'> {
    return this.review.approve(r.ownerId, r.sopId, r.actorId, r.actorIsOwner);
  }

  @MessagePattern(sopMessages.setReviewInterval.pattern)
  setInterval(@Payload({ schema: sopMessages.setReviewInterval.request }) r: RequestOf<'setReviewInterval'>): Reply<'setReviewInterval'> {
    return this.review.setInterval(r.ownerId, r.sopId, r.months);
  }

  @MessagePattern(sopMessages.createShareLink.pattern)
  createShareLink(@Payload({ schema: sopMessages.createShareLink.request }) r: RequestOf<'createShareLink'>): Reply<'createShareLink'> {
    return this.shares.create(r.ownerId, r.sopId, r.actorId, r.expiresAt, r.token);
  }

  @MessagePattern(sopMessages.listShareLinks.pattern)
  listShareLinks(@Payload({ schema: sopMessages.listShareLinks.request }) r: RequestOf<'listShareLinks'>): Reply<'listShareLinks'> {
    return this.shares.list(r.ownerId, r.sopId);
  }

  @MessagePattern(sopMessages.revokeShareLink.pattern)
  async revokeShareLink(@Payload({ schema: sopMessages.revokeShareLink.request }) r: RequestOf<'revokeShareLink'>): Reply<'revokeShareLink'> {
    await this.shares.revoke(r.ownerId, r.sopId, r.actorId, r.linkId);
    return { ok: true };
  }

  @MessagePattern(sopMessages.resolveShareLink.pattern)
  resolveShareLink(@Payload({ schema: sopMessages.resolveShareLink.request }) r: RequestOf<'resolveShareLink'>): Reply<'resolveShareLink'> {
    return this.shares.resolve(r.token);
  }

  @MessagePattern(sopMessages.setAssignees.pattern)
  setAssignees(@Payload({ schema: sopMessages.setAssignees.request }) r: RequestOf<'setAssignees'>): Reply<'setAssignees'> {
    return this.acknowledgements.setAssignees(r.ownerId, r.sopId, r.actorId, r.userIds);
  }

  @MessagePattern(sopMessages.acknowledge.pattern)
  acknowledge(@Payload({ schema: sopMessages.acknowledge.request }) r: RequestOf<'acknowledge'>): Reply<'acknowledge'> {
    return this.acknowledgements.acknowledge(r.ownerId, r.sopId, r.actorId);
  }

  @MessagePattern(sopMessages.acknowledgements.pattern)
  acknowledgementStatus(@Payload({ schema: sopMessages.acknowledgements.request }) r: RequestOf<'acknowledgements'>): Reply<'acknowledgements'> {
    return this.acknowledgements.status(r.ownerId, r.sopId);
  }

  @MessagePattern(sopMessages.assignedTo.pattern)
  assignedTo(@Payload({ schema: sopMessages.assignedTo.request }) r: RequestOf<'assignedTo'>): Reply<'assignedTo'> {
    return this.acknowledgements.assignedTo(r.ownerId, r.userId);
  }

  @MessagePattern(sopMessages.recordActivity.pattern)
  async recordActivity(@Payload({ schema: sopMessages.recordActivity.request }) r: RequestOf<'recordActivity'>): Reply<'recordActivity'> {
    await this.activity.record(r);
    return { ok: true };
  }

  @MessagePattern(sopMessages.listActivity.pattern)
  listActivity(@Payload({ schema: sopMessages.listActivity.request }) r: RequestOf<'listActivity'>): Reply<'listActivity'> {
    return this.activity.list(r.ownerId, r.limit);
  }
}
