import type { WorkspaceMember, WorkspaceRole } from '@sopwright/contracts';
import { memberActions } from './member-rules';

const me = '00000000-0000-4000-8000-000000000001';
const member = (role: WorkspaceRole, userId = '00000000-0000-4000-8000-000000000002'): WorkspaceMember => ({ userId, email: `${role}@example.com`, role, joinedAt: '2026-01-01T00:00:00.000Z' });
const lastOwner = 'A workspace needs an owner. Make someone else an owner first.';

describe('memberActions', () => {
  it('lets an owner give anyone any role and remove anyone but themself', () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      expect(memberActions(me, 'owner', member(role), 2)).toEqual({ roles: ['owner', 'admin', 'editor', 'viewer'], canRemove: true, canLeave: false, note: null });
    }
  });

  it('lets an admin change admins, editors and viewers but never to or from owner, and remove only editors and viewers', () => {
    expect(memberActions(me, 'admin', member('owner'), 2)).toEqual({ roles: [], canRemove: false, canLeave: false, note: null });
    expect(memberActions(me, 'admin', member('admin'), 1)).toEqual({ roles: ['admin', 'editor', 'viewer'], canRemove: false, canLeave: false, note: null });
    expect(memberActions(me, 'admin', member('editor'), 1)).toEqual({ roles: ['admin', 'editor', 'viewer'], canRemove: true, canLeave: false, note: null });
    expect(memberActions(me, 'admin', member('viewer'), 1)).toEqual({ roles: ['admin', 'editor', 'viewer'], canRemove: true, canLeave: false, note: null });
  });

  it('offers editors and viewers nothing but leaving', () => {
    for (const actor of ['editor', 'viewer'] as const) {
      for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
        expect(memberActions(me, actor, member(role), 1)).toEqual({ roles: [], canRemove: false, canLeave: false, note: null });
      }
      expect(memberActions(me, actor, member(actor, me), 1)).toEqual({ roles: [], canRemove: false, canLeave: true, note: null });
    }
  });

  it('keeps the last owner an owner and in the workspace, and says why', () => {
    expect(memberActions(me, 'owner', member('owner', me), 1)).toEqual({ roles: [], canRemove: false, canLeave: false, note: lastOwner });
    expect(memberActions(me, 'owner', member('owner', me), 2)).toEqual({ roles: ['owner', 'admin', 'editor', 'viewer'], canRemove: false, canLeave: true, note: null });
  });

  it('lets an admin change their own role (not to owner) and leave', () => {
    expect(memberActions(me, 'admin', member('admin', me), 1)).toEqual({ roles: ['admin', 'editor', 'viewer'], canRemove: false, canLeave: true, note: null });
  });
});
