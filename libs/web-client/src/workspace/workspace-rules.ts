import { workspaceMessages, workspaceRoleLabels, WORKSPACE_NAME_MAX, type WorkspaceRole } from '@sopwright/contracts/constants';

/** The contracts' workspace rules (plain values, no zod) and what the pages add to them. */
export {
  can,
  invitableRoles,
  permissionMessages,
  WORKSPACE_HEADER,
  WORKSPACE_NAME_MAX,
  workspaceMessages,
  workspacePermissions,
  workspaceRoleLabels,
  workspaceRoles,
  type InvitableRole,
  type WorkspacePermission,
} from '@sopwright/contracts/constants';

/** What each role may do, in a sentence, for the places that offer a role. */
export const workspaceRoleDescriptions: Record<WorkspaceRole, string> = {
  owner: 'Does everything, including making other owners',
  admin: 'Manages members and invitations, and edits SOPs',
  editor: 'Creates, edits and restores SOPs',
  viewer: 'Reads and exports SOPs',
};

/** "an Admin", "an Editor", "an Owner", "a Viewer": a role in a sentence. */
export function roleWithArticle(role: WorkspaceRole): string {
  const label = workspaceRoleLabels[role];
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** The server's rule for a workspace name (trimmed, 1–80 characters): the message, or null when it passes. */
export function workspaceNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return workspaceMessages.nameRequired;
  if (trimmed.length > WORKSPACE_NAME_MAX) return workspaceMessages.nameTooLong;
  return null;
}

/**
 * A first check of an email address before asking the server, which has the last word: one @
 * with something before it and a dotted domain after it, no spaces, at most 254 characters.
 */
export function invitationEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return workspaceMessages.emailInvalid;
  return null;
}
