import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { billingMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { CreditsService } from './credits.service';

type RequestOf<K extends keyof typeof billingMessages> = z.output<(typeof billingMessages)[K]['request']>;
type Reply<K extends keyof typeof billingMessages> = Promise<MessageResponse<(typeof billingMessages)[K]>>;

@Controller()
export class CreditsController {
  constructor(
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(billingMessages.ping.pattern)
  async ping(): Reply<'ping'> {
    // Up means able to serve: its database answers too.
    await this.dataSource.query('SELECT 1');
    return { ok: true };
  }

  @MessagePattern(billingMessages.getUsage.pattern)
  getUsage(@Payload({ schema: billingMessages.getUsage.request }) { userId }: RequestOf<'getUsage'>): Reply<'getUsage'> {
    return this.credits.usage(userId);
  }

  @MessagePattern(billingMessages.reserveCredit.pattern)
  reserve(@Payload({ schema: billingMessages.reserveCredit.request }) { userId, key }: RequestOf<'reserveCredit'>): Reply<'reserveCredit'> {
    return this.credits.reserve(userId, key);
  }

  @MessagePattern(billingMessages.commitCredit.pattern)
  commit(@Payload({ schema: billingMessages.commitCredit.request }) { reservationId }: RequestOf<'commitCredit'>): Reply<'commitCredit'> {
    return this.credits.commit(reservationId);
  }

  @MessagePattern(billingMessages.refundCredit.pattern)
  refund(@Payload({ schema: billingMessages.refundCredit.request }) { reservationId }: RequestOf<'refundCredit'>): Reply<'refundCredit'> {
    return this.credits.refund(reservationId);
  }

  @MessagePattern(billingMessages.grantCredits.pattern)
  grant(@Payload({ schema: billingMessages.grantCredits.request }) r: RequestOf<'grantCredits'>): Reply<'grantCredits'> {
    return this.credits.grant(r.userId, r.credits, r.key, r.reason);
  }

  @MessagePattern(billingMessages.setPlan.pattern)
  setPlan(@Payload({ schema: billingMessages.setPlan.request }) r: RequestOf<'setPlan'>): Reply<'setPlan'> {
    return this.credits.setPlan(r.userId, r.planType, r.reason);
  }
}
