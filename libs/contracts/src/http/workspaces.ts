import { z } from 'zod';

/**
 * Workspaces (issue 17): SOPs belong to a workspace, and people to workspaces with a role.
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
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

export const workspaceRoleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

/**
 * What each role may do. Viewers read and export; Editors also generate, edit and restore;
 * Admins also manage members, invitations and sharing; Owners also rename or delete the
 * workspace and make other owners.
 */
export const workspacePermissions = {
  'sop.read': ['owner', 'admin', 'editor', 'viewer'],
  'sop.create': ['owner', 'admin', 'editor'],
  'sop.edit': ['owner', 'admin', 'editor'],
  'members.manage': ['owner', 'admin'],
  'workspace.manage': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspacePermission = keyof typeof workspacePermissions;

export const can = (role: WorkspaceRole, permission: WorkspacePermission): boolean => (workspacePermissions[permission] as readonly WorkspaceRole[]).includes(role);

/** The 403 a role gets for something it may not do: says who may. */
export const permissionMessages: Record<WorkspacePermission, string> = {
  'sop.read': 'You are not a member of this workspace',
  'sop.create': 'Viewers cannot create SOPs in this workspace. Ask an admin to make you an editor.',
  'sop.edit': 'Viewers cannot change SOPs in this workspace. Ask an admin to make you an editor.',
  'members.manage': 'Only admins and owners can manage the members of this workspace',
  'workspace.manage': 'Only owners can do that',
};

export const workspaceMessages = {
  notFound: 'Workspace not found',
  nameRequired: 'Workspace name is required',
  nameTooLong: 'Workspace name must be at most 80 characters',
  personalIsPrivate: 'Your personal workspace is yours alone. Create a team workspace to work with others.',
  memberNotFound: 'Member not found',
  lastOwner: 'A workspace needs an owner. Make someone else an owner first.',
  onlyOwnersMakeOwners: 'Only owners can make someone an owner or change an owner’s role',
  alreadyMember: 'That person is already a member of this workspace',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation is not valid: it was used, revoked or has expired. Ask for a new one.',
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  emailInvalid: 'Please enter a valid email address',
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const workspaceSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The account's own workspace: never shared. */
  personal: z.boolean(),
  /** The signed-in user's role in it. */
  role: workspaceRoleSchema,
  memberCount: z.number().int().positive(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const workspaceName = z.string({ error: workspaceMessages.nameRequired }).trim().min(1, workspaceMessages.nameRequired).max(80, workspaceMessages.nameTooLong);

/** POST /api/workspaces */
export const createWorkspaceRequestSchema = z.object({ name: workspaceName }).strict();
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

export const workspaceMemberSchema = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/** PATCH /api/workspaces/:id/members/:userId */
export const changeMemberRoleRequestSchema = z.object({ role: workspaceRoleSchema }).strict();
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

/** Invitations offer any role but owner (owners are made from members). */
export const invitableRoles = ['admin', 'editor', 'viewer'] as const;

/** POST /api/workspaces/:id/invitations */
export const createInvitationRequestSchema = z
  .object({
    email: z.string({ error: workspaceMessages.emailInvalid }).trim().toLowerCase().email(workspaceMessages.emailInvalid).max(254, workspaceMessages.emailInvalid),
    role: z.enum(invitableRoles, { error: 'Role must be admin, editor or viewer' }),
  })
  .strict();
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The answer to creating one: the only time its token is seen, inside the link to copy. */
export const createdInvitationSchema = invitationSchema.extend({
  token: z.string(),
  url: z.string(),
  /** Sent to the address by email (the server has a mail server configured and it took the mail). */
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/invitations/:token — what the invitation page shows before accepting (no session needed). */
export const invitationPreviewSchema = z.object({ workspaceName: z.string(), email: z.string(), role: workspaceRoleSchema, invitedBy: z.string(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Invitation tokens: 32 random bytes, base64url. */
export const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;
