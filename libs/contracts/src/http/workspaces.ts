import { z } from 'zod';

import {
  invitableRoles,
  workspaceMessages,
  workspaceRoles,
  WORKSPACE_NAME_MAX,
} from '../workspace-rules';

export * from '../workspace-rules';

export const workspaceRoleSchema = z.enum(workspaceRoles);

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

const workspaceName = z.string({ error: workspaceMessages.nameRequired }).trim().min(1, workspaceMessages.nameRequired).max(WORKSPACE_NAME_MAX, workspaceMessages.nameTooLong);

/** POST /api/workspaces */
export const createWorkspaceRequestSchema = z.object({ name: workspaceName }).strict();
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

/** PATCH /api/workspaces/:id (owners) */
export const renameWorkspaceRequestSchema = createWorkspaceRequestSchema;
export type RenameWorkspaceRequest = CreateWorkspaceRequest;

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

// ——— Branding ———

/**
 * A workspace's branding: the company name and logo its SOPs carry on the SOP page, in
 * exports and on share links. A personal workspace's is its person's profile branding.
 */
export const brandingSchema = z.object({ companyName: z.string().nullable(), companyLogoUrl: z.string().nullable() });
export type Branding = z.infer<typeof brandingSchema>;

export const COMPANY_NAME_MAX = 120;
export const companyNameSchema = z.string().trim().max(COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`);

/** PUT /api/workspaces/:id/branding — `companyName` sets the name (empty: none); `companyLogoUrl: null` removes the logo. */
export const updateBrandingRequestSchema = z.object({ companyName: companyNameSchema.nullable().optional(), companyLogoUrl: z.null().optional() }).strict();
export type UpdateBrandingRequest = z.infer<typeof updateBrandingRequestSchema>;
