import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, UnprocessableEntityException, type OnApplicationShutdown } from '@nestjs/common';
import {
  billingMessages,
  generationIdHeader,
  generationRefusal,
  generationReservationKey,
  redactField,
  redactFieldMessage,
  redactFieldSchema,
  sopMessages,
  type GenerationSource,
  type SessionUser,
  type Sop,
} from '@sopwright/contracts';
import { CreditSettlements, ObjectStorage, ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Job } from 'bullmq';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BILLING_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import type { ReceivedUpload } from '../uploads/receive-upload';
import { WorkspaceAccessService } from '../workspaces/workspace-access';
import { GenerationFailedError, GenerationQueue, GenerationTimeoutError, generationJobId } from './generation-queue';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a route hands over once its request is read and its uploads are stored. */
export interface PreparedGeneration {
  title: string;
  source: GenerationSource;
  /** Automatic redaction (the request's `redact` field; on unless "false"). */
  redact: boolean;
  /** Stored uploads to remove if the generation never gets queued. */
  keys: string[];
}

/**
 * Every source's way to an SOP: one credit held (free plans are refused with a message that
 * says to upgrade), the generation queued for any worker, and the SOP answered once it exists.
 * A generation id seen before answers with that generation instead: never a second charge.
 */
@Injectable()
export class GenerationService implements OnApplicationShutdown {
  constructor(
    @Inject(BILLING_SERVICE) private readonly billing: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(GenerationQueue) private readonly generations: GenerationQueue,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(CreditSettlements) private readonly settlements: CreditSettlements,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  /**
   * The SOP is made in the workspace the request names (Editors and up); the credit is the
   * member's own. `req` is given for uploads: a repeated id or a refused plan answers before
   * the body is read.
   */
  async generate(user: SessionUser, generationIdHeaderValue: string | undefined, prepare: () => Promise<PreparedGeneration>, req: Request, upload = false): Promise<Sop> {
    const generationId = parseGenerationId(generationIdHeaderValue);
    const workspace = await this.access.current(user, req, 'sop.create');
    const jobId = generationJobId(user.id, generationId);
    const earlier = await this.generations.find(jobId);
    if (earlier) {
      if (upload) req.resume();
      return this.answer(generationId, earlier);
    }

    if (upload) await this.refuseBeforeUpload(user, req);
    const { title, source, redact, keys } = await prepare();
    let job: Job;
    try {
      const reservation = await this.billing.send(billingMessages.reserveCredit, { userId: user.id, key: generationReservationKey(jobId) });
      try {
        job = await this.generations.addGeneration(jobId, { ownerId: workspace.id, requestedBy: user.id, title, source, redact, reservationId: reservation.reservationId });
      } catch (error) {
        // Not queued, so nothing will settle it: give the credit back (billing's sweep is the net if Redis is gone).
        await this.settlements.settle(reservation.reservationId, 'refund').catch(() => undefined);
        throw error;
      }
    } catch (error) {
      await this.discardKeys(keys);
      throw error;
    }
    // A request with the same id that raced this one queued first: its job is the generation.
    if (JSON.stringify(job.data?.source) !== JSON.stringify(source)) await this.discardKeys(keys);
    return this.answer(generationId, job);
  }

  /** The form's `redact` field; a value other than true/false is refused before anything is charged. */
  async redactOf(upload: ReceivedUpload): Promise<boolean> {
    const parsed = redactFieldSchema.safeParse(upload.fields[redactField]);
    if (parsed.success) return parsed.data;
    await this.discard(upload);
    throw new BadRequestException(redactFieldMessage);
  }

  discard(upload: ReceivedUpload): Promise<void> {
    return this.discardKeys(upload.files.map((file) => file.key));
  }

  async discardKeys(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.remove(key).catch(() => undefined)));
  }

  private async answer(generationId: string, job: Job): Promise<Sop> {
    try {
      const { sopId } = await this.generations.waitFor(job, this.config.GENERATION_TIMEOUT_MS);
      // The job's own workspace: the one the generation was asked in, whatever the header says now.
      return await this.sops.send(sopMessages.get, { ownerId: (job.data as { ownerId: string }).ownerId, sopId });
    } catch (error) {
      if (error instanceof GenerationFailedError) throw new UnprocessableEntityException(error.message);
      if (error instanceof GenerationTimeoutError) {
        throw new HttpException(`The SOP is still being generated. Follow its progress at /api/jobs/${generationId}.`, HttpStatus.GATEWAY_TIMEOUT);
      }
      throw error;
    }
  }

  /**
   * A plan that cannot generate is told so before a large upload is received; the credit
   * reservation after the upload stays the authority (credits may change meanwhile).
   */
  private async refuseBeforeUpload(user: SessionUser, req: Request): Promise<void> {
    const usage = await this.billing.send(billingMessages.getUsage, { userId: user.id });
    const refusal = generationRefusal(usage);
    if (!refusal) return;
    req.resume();
    throw new ServiceError(refusal);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.generations.close();
    await this.settlements.close();
  }
}

function parseGenerationId(value: string | undefined): string {
  if (value === undefined || value === '') return randomUUID();
  if (!uuid.test(value)) throw new BadRequestException(`${generationIdHeader} must be a UUID`);
  return value.toLowerCase();
}
