import { z } from 'zod';
import { stepSchema } from './sop';
import { workspaceRoleSchema } from './workspaces';
import {
  acknowledgementMessages,
  activityActions,
  REVIEW_INTERVAL_MAX_MONTHS,
  REVIEW_INTERVAL_MIN_MONTHS,
  reviewMessages,
  shareMessages,
  sopStatuses,
} from '../sop-governance-rules';

export * from '../sop-governance-rules';

/**
 * What a team does with an SOP besides writing it (issue 17): review and approval, share
 * links, read acknowledgements per version, and the workspace's activity log.
 */

/** GET /api/sop/:id/access — the signed-in member's workspace and role for this SOP. */
export const sopAccessSchema = z.object({
  workspaceId: z.string().uuid(),
  role: workspaceRoleSchema,
  personal: z.boolean(),
});
export type SopAccess = z.infer<typeof sopAccessSchema>;

// ——— Review and approval ———

export const sopStatusSchema = z.enum(sopStatuses);

/** GET /api/sop/:id/review — where the SOP stands. */
export const sopReviewSchema = z.object({
  status: sopStatusSchema,
  /** The version being read as approved (viewers and share links see it), or null before any approval. */
  approvedVersion: z.number().int().positive().nullable(),
  approvedBy: z.string().uuid().nullable(),
  approvedAt: z.string().nullable(),
  /** Named when submitted for review; an Admin or Owner. */
  approverId: z.string().uuid().nullable(),
  /** Who the SOP belongs to (its author unless handed over); null for SOPs made before review existed. */
  ownerUserId: z.string().uuid().nullable(),
  reviewIntervalMonths: z.number().int().positive().nullable(),
  /** Approval plus the interval: past it, the SOP is overdue for review. */
  nextReviewAt: z.string().nullable(),
  /** The SOP's current version (the draft, when it moved past the approved one). */
  currentVersion: z.number().int().positive(),
});
export type SopReview = z.infer<typeof sopReviewSchema>;

/** POST /api/sop/:id/review */
export const submitForReviewRequestSchema = z.object({ approverId: z.string({ error: reviewMessages.chooseApprover }).uuid(reviewMessages.chooseApprover) }).strict();
export type SubmitForReviewRequest = z.infer<typeof submitForReviewRequestSchema>;

/** PUT /api/sop/:id/review-interval — "review every N months", or null for never. */
export const reviewIntervalRequestSchema = z
  .object({
    months: z
      .number({ error: reviewMessages.intervalRange })
      .int(reviewMessages.intervalRange)
      .min(REVIEW_INTERVAL_MIN_MONTHS, reviewMessages.intervalRange)
      .max(REVIEW_INTERVAL_MAX_MONTHS, reviewMessages.intervalRange)
      .nullable(),
  })
  .strict();
export type ReviewIntervalRequest = z.infer<typeof reviewIntervalRequestSchema>;

// ——— Share links ———

/** POST /api/sop/:id/share-links — optional expiry, at most a year ahead. */
export const createShareLinkRequestSchema = z
  .object({
    expiresAt: z
      .string()
      .datetime({ offset: true, message: shareMessages.expiryInvalid })
      .refine((value) => Date.parse(value) > Date.now(), shareMessages.expiryInFuture)
      .refine((value) => Date.parse(value) < Date.now() + 366 * 86_400_000, shareMessages.expiryWithinYear)
      .nullable()
      .default(null),
  })
  .strict();
export type CreateShareLinkRequest = z.input<typeof createShareLinkRequestSchema>;

export const shareLinkSchema = z.object({
  id: z.string().uuid(),
  createdBy: z.string().uuid().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer to creating one: the only time its token is seen, inside its address. */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** GET /api/share/:token — what anyone with the link sees: the approved version when there is one. */
export const sharedSopSchema = z.object({
  title: z.string(),
  /** Image URLs point under /api/share/:token/images/, which stop working when the link is revoked. */
  steps: z.array(stepSchema),
  version: z.number().int().positive(),
  approved: z.boolean(),
  updatedAt: z.string(),
  companyName: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
});
export type SharedSop = z.infer<typeof sharedSopSchema>;

// ——— Assignments and read acknowledgements ———

/** PUT /api/sop/:id/assignees — the members who must read it (replaces the list). */
export const setAssigneesRequestSchema = z.object({ userIds: z.array(z.string().uuid()).max(500, acknowledgementMessages.tooMany) }).strict();
export type SetAssigneesRequest = z.infer<typeof setAssigneesRequestSchema>;

/** GET /api/sop/:id/acknowledgements — who has read the version to be read (the approved one, else the current). */
export const acknowledgementStatusSchema = z.object({
  version: z.number().int().positive(),
  people: z.array(
    z.object({
      userId: z.string().uuid(),
      email: z.string(),
      assigned: z.boolean(),
      /** When they acknowledged this version; null when they have not (yet, or since it changed). */
      acknowledgedAt: z.string().nullable(),
      /** The latest version they acknowledged, if any. */
      lastAcknowledgedVersion: z.number().int().positive().nullable(),
    }),
  ),
  /** For the signed-in member: assigned and not yet acknowledged this version. */
  mine: z.object({ assigned: z.boolean(), acknowledgedAt: z.string().nullable() }),
});
export type AcknowledgementStatus = z.infer<typeof acknowledgementStatusSchema>;

// ——— Activity ———

export const activityActionSchema = z.enum(activityActions);

export const activityEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: activityActionSchema,
  sopId: z.string().uuid().nullable(),
  sopTitle: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
