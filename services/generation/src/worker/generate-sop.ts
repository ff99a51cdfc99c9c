import { billingMessages, sopMessages, type GenerationResult, type GenerationStage, type JobPayload, type generationJob } from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import { structureText } from '../structuring/structure-text';

export type ReportStage = (stage: GenerationStage) => Promise<void>;

/**
 * One generation, safe to retry: the SOP is created under the job's key (a retry finds it
 * instead of making a second one) and committing the credit is idempotent.
 */
export async function generateSop(
  services: RpcClient,
  jobId: string,
  { ownerId, title, source, reservationId }: JobPayload<typeof generationJob>,
  reportStage: ReportStage,
): Promise<GenerationResult> {
  await reportStage('structuring');
  const structured = structureText(source.text, title);
  await reportStage('saving');
  const sop = await services.send(sopMessages.create, {
    ownerId,
    title: structured.title,
    sourceType: 'text',
    origin: 'text',
    steps: structured.steps,
    transcript: source.text,
    creationKey: `generation:${jobId}`,
  });
  await services.send(billingMessages.commitCredit, { reservationId });
  return { sopId: sop.id };
}
