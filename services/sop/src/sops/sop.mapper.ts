import type { Sop, SopVersion, SopVersionSummary } from '@sopwright/contracts';
import type { SopVersionEntity } from './sop-version.entity';
import type { SopEntity } from './sop.entity';

export function toSop(entity: SopEntity): Sop {
  return {
    id: entity.id,
    title: entity.title,
    sourceType: entity.sourceType,
    origin: entity.origin,
    steps: entity.steps,
    stepsJson: JSON.stringify(entity.steps),
    transcript: entity.transcript,
    generatedBy: entity.generatedBy ?? null,
    version: entity.version,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export function toVersionSummary(entity: SopVersionEntity): SopVersionSummary {
  return {
    id: entity.id,
    version: entity.version,
    title: entity.title,
    stepCount: entity.steps.length,
    savedAt: entity.savedAt.toISOString(),
  };
}

export const toVersion = (entity: SopVersionEntity): SopVersion => ({ ...toVersionSummary(entity), steps: entity.steps });
