import type { SopAccess, SopReview, SopStatus, WorkspaceMember, WorkspaceRole } from '@sopwright/contracts';
import { REVIEW_INTERVAL_MAX_MONTHS, REVIEW_INTERVAL_MIN_MONTHS, can, reviewMessages, shareMessages } from '@sopwright/web-client';

/**
 * What the SOP page may offer the signed-in member, from their role in the SOP's workspace.
 * The server enforces every rule (403 with its message); the page only avoids offering what
 * would be refused. Unknown access (the answer failed) offers editing, as before workspaces,
 * and no team features: the server still has the last word.
 */
export interface SopPermissions {
  role: WorkspaceRole | null;
  /** In a team workspace: review, approval and acknowledgements apply. */
  team: boolean;
  workspaceId: string | null;
  /** Edit, restore, edit images, share, submit for review, assign, the acknowledgement record. */
  canEdit: boolean;
}

export function sopPermissions(access: SopAccess | undefined): SopPermissions {
  if (!access) return { role: null, team: false, workspaceId: null, canEdit: true };
  return { role: access.role, team: !access.personal, workspaceId: access.workspaceId, canEdit: can(access.role, 'sop.edit') };
}

/** Members who may be named to approve: admins and owners, owners first, then by address. */
export function approverCandidates(members: readonly WorkspaceMember[]): WorkspaceMember[] {
  const rank = (role: WorkspaceRole) => (role === 'owner' ? 0 : 1);
  return members.filter((member) => member.role === 'owner' || member.role === 'admin').sort((a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email));
}

/** Editors and up submit a draft for review. */
export function canSubmit(review: SopReview, permissions: SopPermissions): boolean {
  return permissions.team && permissions.canEdit && review.status === 'draft';
}

/** The named approver (an admin or owner) or any owner approves a review. */
export function canApprove(review: SopReview, role: WorkspaceRole | null, userId: string | undefined): boolean {
  if (review.status !== 'in_review' || !role) return false;
  return role === 'owner' || (role === 'admin' && review.approverId !== null && review.approverId === userId);
}

/**
 * The status of the version on screen: a viewer reads the approved version while a new draft is
 * written, so for them it is Approved whatever the draft's status.
 */
export function shownStatus(review: SopReview, shownVersion: number): SopStatus {
  if (review.approvedVersion !== null && shownVersion === review.approvedVersion && shownVersion !== review.currentVersion) return 'approved';
  return review.status;
}

/** Past its next review date. */
export function isOverdue(nextReviewAt: string | null, now: Date = new Date()): boolean {
  if (!nextReviewAt) return false;
  const due = Date.parse(nextReviewAt);
  return !Number.isNaN(due) && due <= now.getTime();
}

/** "Review every N months": null for none (an empty field), a whole number 1–60, else the server's message. */
export function parseReviewInterval(text: string): { months: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { months: null };
  const months = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || months < REVIEW_INTERVAL_MIN_MONTHS || months > REVIEW_INTERVAL_MAX_MONTHS) return { problem: reviewMessages.intervalRange };
  return { months };
}

/** A date input's value (yyyy-mm-dd) for a day `days` after `now`, in the browser's time zone. */
export function dateInputValue(now: Date, days = 0): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** How far ahead a share link may expire: the server takes less than a year (366 days) ahead. */
export const SHARE_EXPIRY_MAX_DAYS = 365;

/**
 * A share link's expiry from the date picked (yyyy-mm-dd, empty for none): the end of that day
 * in the browser's time zone, as the instant the server expects; or the server's message.
 */
export function shareExpiry(date: string, now: Date = new Date()): { expiresAt: string | null } | { problem: string } {
  if (date.trim() === '') return { expiresAt: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return { problem: 'Choose a date, or leave it empty for no expiry' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime())) return { problem: 'Choose a date, or leave it empty for no expiry' };
  if (end.getTime() <= now.getTime()) return { problem: shareMessages.expiryInFuture };
  if (end.getTime() >= now.getTime() + 366 * 86_400_000) return { problem: shareMessages.expiryWithinYear };
  return { expiresAt: end.toISOString() };
}

/** A member by id, as people read it: "you" for the signed-in member, else their address. */
export function personName(userId: string | null, members: readonly Pick<WorkspaceMember, 'userId' | 'email'>[] | undefined, selfId: string | undefined): string {
  if (!userId) return 'someone';
  if (userId === selfId) return 'you';
  return members?.find((member) => member.userId === userId)?.email ?? 'a former member';
}

/** The same people, assigned or not, as a sorted list of ids: what PUT assignees takes. */
export function assigneeIds(assigned: ReadonlySet<string>): string[] {
  return [...assigned].sort();
}

export function sameAssignees(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
