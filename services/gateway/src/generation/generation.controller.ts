import { Body, Controller, Inject, OnApplicationShutdown, Post, UseGuards } from '@nestjs/common';
import { billingMessages, createFromTextRequestSchema, sopMessages, type CreateFromTextRequest, type SessionUser, type Sop } from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BILLING_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { GenerationQueue } from './generation-queue';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class GenerationController implements OnApplicationShutdown {
  constructor(
    @Inject(BILLING_SERVICE) private readonly billing: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(GenerationQueue) private readonly generations: GenerationQueue,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Holds one credit (free plans are refused here, with a message that says to upgrade),
   * queues the generation for any worker, and answers with the SOP once it exists.
   */
  @Post('from-text')
  async fromText(@CurrentUser() user: SessionUser, @Body({ schema: createFromTextRequestSchema }) body: CreateFromTextRequest): Promise<Sop> {
    const jobId = randomUUID();
    const reservation = await this.billing.send(billingMessages.reserveCredit, { userId: user.id, key: `generation:${jobId}` });
    try {
      const { sopId } = await this.generations.run(
        { ownerId: user.id, title: body.title, source: { kind: 'text', text: body.text }, reservationId: reservation.reservationId },
        { jobId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, timeoutMs: this.config.GENERATION_TIMEOUT_MS },
      );
      return await this.sops.send(sopMessages.get, { ownerId: user.id, sopId });
    } catch (error) {
      // The worker refunds after its last attempt; this covers a job that never ran. Refunds are idempotent.
      await this.billing.send(billingMessages.refundCredit, { reservationId: reservation.reservationId }).catch(() => undefined);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.generations.close();
  }
}
