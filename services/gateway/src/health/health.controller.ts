import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { authMessages, billingMessages, mediaMessages, sopMessages } from '@sopwright/contracts';
import { runChecks, type RpcClient } from '@sopwright/server-kit';
import { SessionRevocations } from '../auth/session-revocations';
import { AUTH_SERVICE } from '../rpc/service-clients';

const PING_TIMEOUT_MS = 2000;

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly services: RpcClient,
    @Inject(SessionRevocations) private readonly sessions: SessionRevocations,
  ) {}

  /** Liveness: the gateway process answers. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * The gateway's own readiness (its probe): it can take requests when its Redis answers.
   * It does not depend on the services behind it, so one of them restarting does not take
   * every gateway out of its Service; their outages are answered 503 per request instead.
   */
  @Get('ready')
  async ready() {
    const report = await runChecks({ redis: () => this.sessions.ping() });
    if (report.status !== 'ok') throw new ServiceUnavailableException(`Unavailable: ${JSON.stringify(report.details)}`);
    return report;
  }

  /** For monitoring and start-up scripts: every service behind the gateway answers over Redis. */
  @Get()
  async all() {
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
