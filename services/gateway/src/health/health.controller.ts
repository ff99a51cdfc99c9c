import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { authMessages } from '@sopwright/contracts';
import { runChecks, type RpcClient } from '@sopwright/server-kit';
import { AUTH_SERVICE } from '../rpc/service-clients';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: RpcClient) {}

  /** Liveness: the gateway process answers. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Readiness: every service behind the gateway answers over Redis. */
  @Get()
  async ready() {
    const report = await runChecks({ auth: async () => void (await this.auth.send(authMessages.ping, {}, { timeoutMs: 2000 })) });
    if (report.status !== 'ok') throw new ServiceUnavailableException(`Unavailable: ${JSON.stringify(report.details)}`);
    return report;
  }
}
