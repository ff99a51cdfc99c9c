import { z } from 'zod';
import { templateSchema } from '../http/templates';
import { generatedBySchema, sopOriginSchema, sopPageQuerySchema, sopPageSchema, sopSchema, sopVersionSchema, sopVersionSummarySchema, sourceTypeSchema, stepSchema, updateSopRequestSchema } from '../http/sop';
import {
  activityActionSchema,
  createdShareLinkSchema,
  shareLinkSchema,
  shareTokenPattern,
  sopReviewSchema,
} from '../http/sop-governance';
import { ownerScopedSchema, pingMessage, uuidSchema } from './common';
import { defineMessage } from './define-message';

const sopRef = ownerScopedSchema.extend({ sopId: uuidSchema });
const versionRef = sopRef.extend({ versionId: uuidSchema });
/** A change someone makes: who, for the activity log (and the review rules). */
const actorRef = sopRef.extend({ actorId: uuidSchema });
const ok = z.object({ ok: z.literal(true) });

export const createSopCommandSchema = ownerScopedSchema.extend({
  title: z.string().trim().min(1).max(300),
  sourceType: sourceTypeSchema,
  origin: sopOriginSchema,
  steps: z.array(stepSchema).max(200),
  transcript: z.string().max(500_000).nullable().default(null),
  generatedBy: generatedBySchema.nullable().default(null),
  /** Makes creation idempotent: the same key returns the SOP created the first time. */
  creationKey: z.string().max(200).optional(),
  /** The person who made it (its owner for review); absent for seeded SOPs. */
  actorId: uuidSchema.optional(),
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
  update: defineMessage('sop.update', sopRef.extend(updateSopRequestSchema.shape).extend({ actorId: uuidSchema.optional() }), sopSchema),
  listVersions: defineMessage('sop.versions.list', sopRef, z.array(sopVersionSummarySchema)),
  getVersion: defineMessage('sop.versions.get', versionRef, sopVersionSchema),
  restoreVersion: defineMessage('sop.versions.restore', versionRef.extend({ actorId: uuidSchema.optional() }), sopSchema),
  /** Deletes the SOP with its versions, share links, assignments and acknowledgements; the activity log keeps its title. Again: ok. */
  deleteSop: defineMessage('sop.delete', sopRef.extend({ actorId: uuidSchema }), ok),
  /** Every SOP of a workspace being deleted, as deleteSop does each; answers how many went (0 the second time). */
  deleteAllSops: defineMessage('sop.delete-all', z.object({ ownerId: uuidSchema, actorId: uuidSchema }), z.object({ deleted: z.number().int().nonnegative() })),
  /** What a reader who may not see drafts reads: the approved version when there is one, else the current. */
  getReadable: defineMessage('sop.readable', sopRef, sopSchema),

  // ——— Review and approval ———
  getReview: defineMessage('sop.review.get', sopRef, sopReviewSchema),
  /** The gateway has checked the approver is an admin or owner of the workspace. */
  submitForReview: defineMessage('sop.review.submit', actorRef.extend({ approverId: uuidSchema }), sopReviewSchema),
  /** `actorIsOwner`: owners may approve a review named for someone else. */
  approve: defineMessage('sop.review.approve', actorRef.extend({ actorIsOwner: z.boolean() }), sopReviewSchema),
  setReviewInterval: defineMessage('sop.review.interval', actorRef.extend({ months: z.number().int().min(1).max(60).nullable() }), sopReviewSchema),

  // ——— Share links ———
  /** The gateway draws the token (so a redelivered request stores the same link); the service keeps its hash only. */
  createShareLink: defineMessage('sop.share.create', actorRef.extend({ expiresAt: z.string().nullable(), token: z.string().regex(shareTokenPattern) }), createdShareLinkSchema.omit({ url: true })),
  listShareLinks: defineMessage('sop.share.list', sopRef, z.array(shareLinkSchema)),
  revokeShareLink: defineMessage('sop.share.revoke', actorRef.extend({ linkId: uuidSchema }), ok),
  /** What a link shows (the approved version when there is one); NOT_FOUND when revoked, expired or unknown. */
  resolveShareLink: defineMessage(
    'sop.share.resolve',
    z.object({ token: z.string().max(100) }),
    z.object({ ownerId: uuidSchema, sopId: uuidSchema, title: z.string(), steps: z.array(stepSchema), version: z.number().int(), approved: z.boolean(), updatedAt: z.string() }),
  ),

  // ——— Assignments and acknowledgements ———
  /** The gateway has checked every user is a member. */
  setAssignees: defineMessage('sop.assignees.set', actorRef.extend({ userIds: z.array(uuidSchema).max(500) }), z.object({ userIds: z.array(uuidSchema) })),
  acknowledge: defineMessage('sop.acknowledgements.record', actorRef, z.object({ version: z.number().int(), acknowledgedAt: z.string() })),
  acknowledgements: defineMessage(
    'sop.acknowledgements.list',
    sopRef,
    z.object({
      /** The version to be read: the approved one, else the current. */
      version: z.number().int(),
      assigned: z.array(uuidSchema),
      records: z.array(z.object({ userId: uuidSchema, version: z.number().int(), acknowledgedAt: z.string() })),
    }),
  ),
  /** The workspace's SOPs assigned to the user, and whether they have read the version to be read. */
  assignedTo: defineMessage(
    'sop.assigned',
    ownerScopedSchema.extend({ userId: uuidSchema }),
    z.array(z.object({ sopId: uuidSchema, title: z.string(), version: z.number().int(), acknowledged: z.boolean() })),
  ),

  // ——— Activity ———
  recordActivity: defineMessage(
    'sop.activity.record',
    z.object({ ownerId: uuidSchema, actorId: uuidSchema, action: activityActionSchema, sopId: uuidSchema.nullable(), detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}), key: z.string().max(200) }),
    ok,
  ),
  listActivity: defineMessage(
    'sop.activity.list',
    ownerScopedSchema.extend({ limit: z.number().int().min(1).max(500).default(100) }),
    z.array(z.object({ id: z.string(), actorId: uuidSchema.nullable(), action: activityActionSchema, sopId: uuidSchema.nullable(), sopTitle: z.string().nullable(), detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])), at: z.string() })),
  ),
  listTemplates: defineMessage('sop.templates.list', z.object({ q: z.string().max(200).optional() }), z.array(templateSchema)),
  /** Brings the stored library in line with the catalogue files; cheap when nothing changed. */
  seedTemplates: defineMessage('sop.templates.seed', z.object({}), z.object({ templates: z.number().int(), changed: z.number().int() })),
} as const;
