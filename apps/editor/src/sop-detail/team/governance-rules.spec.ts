import { createShareLinkRequestSchema, reviewIntervalRequestSchema, workspacePermissions, type SopReview, type WorkspaceMember } from '@sopwright/contracts';
import {
  approverCandidates,
  canApprove,
  canSubmit,
  dateInputValue,
  isOverdue,
  parseReviewInterval,
  personName,
  sameAssignees,
  shareExpiry,
  shownStatus,
  sopPermissions,
} from './governance-rules';

const ids = { owner: '00000000-0000-4000-8000-000000000001', admin: '00000000-0000-4000-8000-000000000002', editor: '00000000-0000-4000-8000-000000000003', viewer: '00000000-0000-4000-8000-000000000004' };
const member = (role: keyof typeof ids, email = `${role}@example.com`): WorkspaceMember => ({ userId: ids[role], email, role, joinedAt: '2026-01-01T00:00:00.000Z' });
const review = (patch: Partial<SopReview> = {}): SopReview => ({
  status: 'draft',
  approvedVersion: null,
  approvedBy: null,
  approvedAt: null,
  approverId: null,
  ownerUserId: null,
  reviewIntervalMonths: null,
  nextReviewAt: null,
  currentVersion: 1,
  ...patch,
});
const team = (role: 'owner' | 'admin' | 'editor' | 'viewer') => sopPermissions({ workspaceId: ids.owner, role, personal: false });

describe('what the SOP page offers each role', () => {
  it('offers editing to the roles the server lets edit, and team features only in a team', () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      expect([role, team(role).canEdit]).toEqual([role, (workspacePermissions['sop.edit'] as readonly string[]).includes(role)]);
      expect(team(role).team).toBe(true);
    }
    expect(sopPermissions({ workspaceId: ids.owner, role: 'owner', personal: true })).toMatchObject({ team: false, canEdit: true });
    // Not known: editing as before, no team features.
    expect(sopPermissions(undefined)).toEqual({ role: null, team: false, workspaceId: null, canEdit: true });
  });

  it('names admins and owners as approvers, owners first', () => {
    const members = [member('viewer'), member('admin', 'b-admin@example.com'), member('editor'), member('owner', 'z-owner@example.com')];
    expect(approverCandidates(members).map((m) => m.email)).toEqual(['z-owner@example.com', 'b-admin@example.com']);
  });

  it('lets editors and up submit a draft, and the named approver or an owner approve', () => {
    expect(canSubmit(review(), team('editor'))).toBe(true);
    expect(canSubmit(review(), team('viewer'))).toBe(false);
    expect(canSubmit(review({ status: 'in_review' }), team('owner'))).toBe(false);
    expect(canSubmit(review(), sopPermissions({ workspaceId: ids.owner, role: 'owner', personal: true }))).toBe(false);

    const inReview = review({ status: 'in_review', approverId: ids.admin });
    expect(canApprove(inReview, 'admin', ids.admin)).toBe(true);
    expect(canApprove(inReview, 'owner', ids.owner)).toBe(true);
    expect(canApprove(review({ status: 'in_review', approverId: ids.owner }), 'admin', ids.admin)).toBe(false);
    expect(canApprove(inReview, 'editor', ids.admin)).toBe(false);
    expect(canApprove(review({ approverId: ids.admin }), 'admin', ids.admin)).toBe(false);
  });

  it('shows Approved to a reader of the approved version while a new draft is written', () => {
    const drafting = review({ status: 'draft', approvedVersion: 2, currentVersion: 3 });
    expect(shownStatus(drafting, 2)).toBe('approved');
    expect(shownStatus(drafting, 3)).toBe('draft');
    expect(shownStatus(review({ status: 'approved', approvedVersion: 3, currentVersion: 3 }), 3)).toBe('approved');
    expect(shownStatus(review(), 1)).toBe('draft');
  });

  it('marks a review date that has passed as overdue', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    expect(isOverdue('2026-05-31T12:00:00.000Z', now)).toBe(true);
    expect(isOverdue('2026-06-02T12:00:00.000Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });

  it('reads a review interval as the server does, with its message', () => {
    for (const text of ['', '  ', '1', ' 6 ', '60', '0', '61', '2.5', '-3', 'six']) {
      const server = reviewIntervalRequestSchema.safeParse({ months: text.trim() === '' ? null : Number(text) });
      expect([text, parseReviewInterval(text)]).toEqual([text, server.success ? { months: server.data.months } : { problem: server.error.issues[0]!.message }]);
    }
  });

  it('turns a picked date into the end of that day, refused as the server refuses it', () => {
    const now = new Date(2026, 2, 4, 10, 0, 0);
    expect(shareExpiry('', now)).toEqual({ expiresAt: null });
    const tomorrow = shareExpiry(dateInputValue(now, 1), now);
    expect(tomorrow).toEqual({ expiresAt: new Date(2026, 2, 5, 23, 59, 59).toISOString() });
    expect(shareExpiry(dateInputValue(now), now)).toEqual({ expiresAt: new Date(2026, 2, 4, 23, 59, 59).toISOString() });
    const past = shareExpiry(dateInputValue(now, -1), now);
    expect(past).toEqual({ problem: 'The expiry must be in the future' });
    expect(shareExpiry(dateInputValue(now, 400), now)).toEqual({ problem: 'The expiry must be within a year' });
    expect(shareExpiry('next week', now)).toEqual({ problem: 'Choose a date, or leave it empty for no expiry' });
    // What the browser sends, the server takes (checked against the real clock).
    const real = shareExpiry(dateInputValue(new Date(), 30));
    expect('expiresAt' in real && createShareLinkRequestSchema.safeParse({ expiresAt: real.expiresAt }).success).toBe(true);
  });

  it('names people by address, the signed-in member as you', () => {
    const members = [member('owner'), member('admin')];
    expect(personName(ids.admin, members, ids.owner)).toBe('admin@example.com');
    expect(personName(ids.owner, members, ids.owner)).toBe('you');
    expect(personName(ids.viewer, members, ids.owner)).toBe('a former member');
    expect(sameAssignees(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameAssignees(new Set(['a']), new Set(['a', 'b']))).toBe(false);
  });
});
