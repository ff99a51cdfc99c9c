/**
 * Review, share links, acknowledgements and activity as plain values (no zod), so the browser
 * ships them without the schemas: `@sopwright/contracts/constants`. The schemas in
 * http/sop-governance.ts are built from these.
 */

export const sopStatuses = ['draft', 'in_review', 'approved'] as const;
export type SopStatus = (typeof sopStatuses)[number];
export const sopStatusLabels: Record<SopStatus, string> = { draft: 'Draft', in_review: 'In review', approved: 'Approved' };

/** "Review every N months". */
export const REVIEW_INTERVAL_MIN_MONTHS = 1;
export const REVIEW_INTERVAL_MAX_MONTHS = 60;

export const reviewMessages = {
  approverMustManage: 'The approver must be an admin or owner of this workspace',
  notInReview: 'This SOP is not in review',
  onlyApprover: 'Only the approver named for this review, or an owner, can approve it',
  personalHasNoReview: 'Review and approval are for team workspaces',
  chooseApprover: 'Choose an approver',
  intervalRange: `Review interval must be ${REVIEW_INTERVAL_MIN_MONTHS} to ${REVIEW_INTERVAL_MAX_MONTHS} months`,
} as const;

/** Share tokens: 32 random bytes, base64url. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const shareMessages = {
  notFound: 'This link does not work: it was revoked, has expired or never existed.',
  linkNotFound: 'Share link not found',
  expiryInvalid: 'expiresAt must be a date and time',
  expiryInFuture: 'The expiry must be in the future',
  expiryWithinYear: 'The expiry must be within a year',
} as const;

/** The button a reader presses, word for word. */
export const ACKNOWLEDGEMENT_TEXT = 'I have read and understood this version';

export const acknowledgementMessages = {
  notMember: 'Only members of this workspace can be assigned',
  nothingToRead: 'There is no version to acknowledge yet',
  tooMany: 'At most 500 people can be assigned',
} as const;

export const activityActions = ['created', 'edited', 'restored', 'submitted', 'approved', 'shared', 'unshared', 'exported', 'assigned', 'acknowledged', 'deleted', 'branded'] as const;
export type ActivityAction = (typeof activityActions)[number];
