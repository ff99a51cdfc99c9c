/**
 * Workspace rules as plain values (no zod), so the browser ships them without the schemas:
 * `@sopwright/contracts/constants`. The schemas in http/workspaces.ts are built from these.
 *
 * Every account has a personal workspace whose id is the user's own id (so SOPs made before
 * workspaces existed are in it, untouched) and which only that person is ever in. Team
 * workspaces have members: Owner, Admin, Editor, Viewer. Credits and plans stay per person.
 *
 * The web app names the workspace it works in with the `x-workspace-id` header on routes
 * that list or create (absent: the personal one). Routes about one SOP or one image find its
 * workspace from the SOP or image itself, so a link opened in a new tab works.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const workspaceRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export const workspaceRoleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

/** Invitations offer any role but owner (owners are made from members). */
export const invitableRoles = ['admin', 'editor', 'viewer'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/**
 * What each role may do. Viewers read and export; Editors also generate, edit, restore and
 * delete; Admins also manage members, invitations, sharing and the workspace's branding;
 * Owners also rename or delete the workspace and make other owners.
 */
export const workspacePermissions = {
  'sop.read': ['owner', 'admin', 'editor', 'viewer'],
  'sop.create': ['owner', 'admin', 'editor'],
  'sop.edit': ['owner', 'admin', 'editor'],
  // Earlier versions include drafts, which viewers do not read (they read the approved version).
  'sop.history': ['owner', 'admin', 'editor'],
  'members.manage': ['owner', 'admin'],
  'branding.manage': ['owner', 'admin'],
  'workspace.manage': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspacePermission = keyof typeof workspacePermissions;

export const can = (role: WorkspaceRole, permission: WorkspacePermission): boolean => (workspacePermissions[permission] as readonly WorkspaceRole[]).includes(role);

/** The 403 a role gets for something it may not do: says who may. */
export const permissionMessages: Record<WorkspacePermission, string> = {
  'sop.read': 'You are not a member of this workspace',
  'sop.create': 'Viewers cannot create SOPs in this workspace. Ask an admin to make you an editor.',
  'sop.edit': 'Viewers cannot change SOPs in this workspace. Ask an admin to make you an editor.',
  'sop.history': 'Viewers read the approved version only. Ask an admin to make you an editor to see earlier versions.',
  'members.manage': 'Only admins and owners can manage the members of this workspace',
  'branding.manage': 'Only admins and owners can change the branding of this workspace',
  'workspace.manage': 'Only owners can do that',
};

export const WORKSPACE_NAME_MAX = 80;

export const workspaceMessages = {
  notFound: 'Workspace not found',
  nameRequired: 'Workspace name is required',
  nameTooLong: `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`,
  personalIsPrivate: 'Your personal workspace is yours alone. Create a team workspace to work with others.',
  memberNotFound: 'Member not found',
  lastOwner: 'A workspace needs an owner. Make someone else an owner first.',
  onlyOwnersMakeOwners: 'Only owners can make someone an owner or change an owner’s role',
  alreadyMember: 'That person is already a member of this workspace',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation is not valid: it was used, revoked or has expired. Ask for a new one.',
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  emailInvalid: 'Please enter a valid email address',
  personalBrandingInProfile: 'Your personal workspace uses the branding in your profile settings',
  personalCannotChange: 'Your personal workspace cannot be renamed or deleted',
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Invitation tokens: 32 random bytes, base64url. */
export const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;
