import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { authMessages, billingMessages, mediaMessages, sopMessages } from '@sopwright/contracts';
import { runChecks, type RpcClient } from '@sopwright/server-kit';
import { AUTH_SERVICE } from '../rpc/service-clients';

const PING_TIMEOUT_MS = 2000;

@Controller('api/health')
export class HealthController {
  constructor(@Inject(AUTH_SERVICE) private readonly services: RpcClient) {}

  /** Liveness: the gateway process answers. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Readiness: every service behind the gateway answers over Redis. */
  @Get()
  async ready() {
    const ping = (message: typeof authMessages.ping) => async () => void (await this.services.send(message, {}, { timeoutMs: PING_TIMEOUT_MS }));
    const report = await runChecks({
      auth: ping(authMessages.ping),
      sop: ping(sopMessages.ping),
      media: ping(mediaMessages.ping),
      billing: ping(billingMessages.ping),
    });
    if (report.status !== 'ok') throw new ServiceUnavailableException(`Unavailable: ${JSON.stringify(report.details)}`);
    return report;
  }
}
