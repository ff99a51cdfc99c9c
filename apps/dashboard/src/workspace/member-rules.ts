import type { WorkspaceMember, WorkspaceRole } from '@sopwright/contracts';
import { workspaceMessages, workspaceRoles } from '@sopwright/web-client';

/** What the members page offers for one member: exactly what the server would allow. */
export interface MemberActions {
  /** The roles the member may be given (their own among them); empty: the role is shown, not offered. */
  roles: WorkspaceRole[];
  /** Remove them (someone else). */
  canRemove: boolean;
  /** Leave the workspace (oneself). */
  canLeave: boolean;
  /** Why something one would look for is not there: the last owner can neither step down nor leave. */
  note: string | null;
}

const manages = (role: WorkspaceRole) => role === 'owner' || role === 'admin';

/**
 * The auth service's rules (services/auth/src/workspaces/workspaces.service.ts), for the actor
 * (`actorRole`, `actorId`) looking at `member` in a workspace with `ownerCount` owners:
 * admins change and remove editors and viewers and change admins, never to or from owner; only
 * owners make owners or change or remove an owner or admin; anyone may leave; the last owner
 * keeps the role and cannot leave.
 */
export function memberActions(actorId: string, actorRole: WorkspaceRole, member: WorkspaceMember, ownerCount: number): MemberActions {
  const self = member.userId === actorId;
  const lastOwner = member.role === 'owner' && ownerCount <= 1;
  let roles: WorkspaceRole[] = [];
  if (manages(actorRole) && !lastOwner && (member.role !== 'owner' || actorRole === 'owner')) {
    roles = actorRole === 'owner' ? [...workspaceRoles] : workspaceRoles.filter((role) => role !== 'owner');
  }
  const canRemove = !self && manages(actorRole) && (actorRole === 'owner' || member.role === 'editor' || member.role === 'viewer');
  const canLeave = self && !lastOwner;
  const note = lastOwner && (self || actorRole === 'owner') ? workspaceMessages.lastOwner : null;
  return { roles, canRemove, canLeave, note };
}
