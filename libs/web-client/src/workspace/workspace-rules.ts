import type { WorkspaceRole } from '@sopwright/contracts';

/**
 * The workspace rules the browser needs at run time, as plain values: the contracts keep them
 * beside zod (libs/contracts/src/http/workspaces.ts), which is not shipped to the browser, so
 * they are repeated here and workspace-rules.spec.ts fails the moment the two disagree.
 */

/** Names the workspace a request that lists or creates works in; absent: the personal one. */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const workspaceRoles = ['owner', 'admin', 'editor', 'viewer'] as const satisfies readonly WorkspaceRole[];

export const workspaceRoleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

/** Invitations offer any role but owner (owners are made from members). */
export const invitableRoles = ['admin', 'editor', 'viewer'] as const satisfies readonly WorkspaceRole[];
export type InvitableRole = (typeof invitableRoles)[number];

export const workspacePermissions = {
  'sop.read': ['owner', 'admin', 'editor', 'viewer'],
  'sop.create': ['owner', 'admin', 'editor'],
  'sop.edit': ['owner', 'admin', 'editor'],
  'members.manage': ['owner', 'admin'],
  'workspace.manage': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspacePermission = keyof typeof workspacePermissions;

export const can = (role: WorkspaceRole, permission: WorkspacePermission): boolean => (workspacePermissions[permission] as readonly WorkspaceRole[]).includes(role);

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

export const WORKSPACE_NAME_MAX = 80;

export const workspaceMessages = {
  notFound: 'Workspace not found',
  nameRequired: 'Workspace name is required',
  nameTooLong: 'Workspace name must be at most 80 characters',
  personalIsPrivate: 'Your personal workspace is yours alone. Create a team workspace to work with others.',
  lastOwner: 'A workspace needs an owner. Make someone else an owner first.',
  invitationInvalid: 'This invitation is not valid: it was used, revoked or has expired. Ask for a new one.',
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  emailInvalid: 'Please enter a valid email address',
} as const;

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
