import { z } from 'zod';
import { templateSchema } from '../http/templates';
import { generatedBySchema, sopOriginSchema, sopPageQuerySchema, sopPageSchema, sopSchema, sopVersionSchema, sopVersionSummarySchema, sourceTypeSchema, stepSchema, updateSopRequestSchema } from '../http/sop';
import { ownerScopedSchema, pingMessage, uuidSchema } from './common';
import { defineMessage } from './define-message';

const sopRef = ownerScopedSchema.extend({ sopId: uuidSchema });
const versionRef = sopRef.extend({ versionId: uuidSchema });

export const createSopCommandSchema = ownerScopedSchema.extend({
  title: z.string().trim().min(1).max(300),
  sourceType: sourceTypeSchema,
  origin: sopOriginSchema,
  steps: z.array(stepSchema).max(200),
  transcript: z.string().max(500_000).nullable().default(null),
  generatedBy: generatedBySchema.nullable().default(null),
  /** Makes creation idempotent: the same key returns the SOP created the first time. */
  creationKey: z.string().max(200).optional(),
});
export type CreateSopCommand = z.output<typeof createSopCommandSchema>;

export const sopMessages = {
  ping: pingMessage('sop'),
  create: defineMessage('sop.create', createSopCommandSchema, sopSchema),
  list: defineMessage('sop.list', ownerScopedSchema, z.array(sopSchema)),
  listPage: defineMessage('sop.page', ownerScopedSchema.extend(sopPageQuerySchema.shape), sopPageSchema),
  get: defineMessage('sop.get', sopRef, sopSchema),
  /** The workspace an SOP belongs to (its owner), for the gateway's access check; NOT_FOUND when there is none. */
  getOwner: defineMessage('sop.owner', z.object({ sopId: uuidSchema }), z.object({ ownerId: uuidSchema })),
  update: defineMessage('sop.update', sopRef.extend(updateSopRequestSchema.shape), sopSchema),
  listVersions: defineMessage('sop.versions.list', sopRef, z.array(sopVersionSummarySchema)),
  getVersion: defineMessage('sop.versions.get', versionRef, sopVersionSchema),
  restoreVersion: defineMessage('sop.versions.restore', versionRef, sopSchema),
  listTemplates: defineMessage('sop.templates.list', z.object({ q: z.string().max(200).optional() }), z.array(templateSchema)),
  /** Brings the stored library in line with the catalogue files; cheap when nothing changed. */
  seedTemplates: defineMessage('sop.templates.seed', z.object({}), z.object({ templates: z.number().int(), changed: z.number().int() })),
} as const;
