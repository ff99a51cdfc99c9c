import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { billingMessages, type SessionUser, type Usage } from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { BILLING_SERVICE } from '../rpc/service-clients';

@Controller('api/usage')
@UseGuards(SessionGuard)
export class UsageController {
  constructor(@Inject(BILLING_SERVICE) private readonly billing: RpcClient) {}

  @Get()
  get(@CurrentUser() user: SessionUser): Promise<Usage> {
    return this.billing.send(billingMessages.getUsage, { userId: user.id });
  }
}
