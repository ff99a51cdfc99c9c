import { z } from 'zod';
import { profileSchema } from '../http/account';
import { connectCodeSchema, extensionConnectionSchema, extensionTokenResponseSchema } from '../http/extension';
import { loginRequestSchema, registerRequestSchema, sessionUserSchema } from '../http/auth';
import {
  brandingSchema,
  companyNameSchema,
  createdInvitationSchema,
  invitableRoles,
  invitationPreviewSchema,
  invitationSchema,
  workspaceMemberSchema,
  workspaceRoleSchema,
  workspaceSchema,
} from '../http/workspaces';
import { pingMessage } from './common';
import { defineMessage } from './define-message';

/** The auth service issues the session token; the gateway verifies it with the shared secret. */
const authResultSchema = z.object({ token: z.string(), user: sessionUserSchema });

export const authMessages = {
  register: defineMessage('auth.register', registerRequestSchema, authResultSchema),
  login: defineMessage('auth.login', loginRequestSchema, authResultSchema),
  ping: pingMessage('auth'),
  getUser: defineMessage('auth.get-user', z.object({ userId: z.string().uuid() }), sessionUserSchema),
  getProfile: defineMessage('auth.profile.get', z.object({ userId: z.string().uuid() }), profileSchema),
  /** `companyName` absent keeps it; `companyLogoUrl: null` removes the logo; a string sets it. */
  updateProfile: defineMessage(
    'auth.profile.update',
    z.object({
      userId: z.string().uuid(),
      companyName: companyNameSchema.nullable().optional(),
      companyLogoUrl: z.string().nullable().optional(),
    }),
    profileSchema,
  ),
  /** A fresh connect code for the user's capture extension (ten minutes, once; the five newest unused codes stay open). */
  createConnectCode: defineMessage('auth.extension.create-code', z.object({ userId: z.string().uuid() }), connectCodeSchema),
  /** Trades a valid code (once) for an extension token; VALIDATION_FAILED when the code is wrong, used or expired. */
  redeemConnectCode: defineMessage(
    'auth.extension.redeem-code',
    /** `requestId` is the gateway's, one per HTTP request: the same request delivered twice answers the same token. */
    z.object({ code: z.string().max(20), name: z.string().max(60), requestId: z.string().uuid() }),
    extensionTokenResponseSchema,
  ),
  listExtensionConnections: defineMessage('auth.extension.list', z.object({ userId: z.string().uuid() }), z.array(extensionConnectionSchema)),
  /** Disconnects at once; NOT_FOUND for a connection that is not the user's. */
  revokeExtensionConnection: defineMessage(
    'auth.extension.revoke',
    z.object({ userId: z.string().uuid(), connectionId: z.string().uuid() }),
    z.object({ ok: z.literal(true) }),
  ),
  /** Whose connected extension presents this token; NOT_FOUND when unknown or disconnected. */
  verifyExtensionToken: defineMessage(
    'auth.extension.verify',
    z.object({ token: z.string().max(200) }),
    z.object({ user: sessionUserSchema, connection: extensionConnectionSchema }),
  ),
  // ——— Workspaces (issue 17). The gateway checks the actor's role first; these check it again where it matters. ———
  listWorkspaces: defineMessage('auth.workspaces.list', z.object({ userId: z.string().uuid() }), z.array(workspaceSchema)),
  /** `requestId`: the gateway's, so a redelivered request creates one workspace. */
  createWorkspace: defineMessage('auth.workspaces.create', z.object({ userId: z.string().uuid(), name: z.string().min(1).max(80), requestId: z.string().uuid() }), workspaceSchema),
  /** The user's role in a workspace (their own id: the personal one, as owner); NOT_FOUND when not a member. */
  getMembership: defineMessage(
    'auth.workspaces.membership',
    z.object({ userId: z.string().uuid(), workspaceId: z.string().uuid() }),
    z.object({ workspaceId: z.string().uuid(), role: workspaceRoleSchema, personal: z.boolean() }),
  ),
  listMembers: defineMessage('auth.workspaces.members', z.object({ workspaceId: z.string().uuid() }), z.array(workspaceMemberSchema)),
  changeMemberRole: defineMessage(
    'auth.workspaces.change-role',
    z.object({ actorId: z.string().uuid(), workspaceId: z.string().uuid(), userId: z.string().uuid(), role: workspaceRoleSchema }),
    workspaceMemberSchema,
  ),
  /** Removes a member (or lets one leave: actorId = userId); the last owner stays. */
  removeMember: defineMessage(
    'auth.workspaces.remove-member',
    z.object({ actorId: z.string().uuid(), workspaceId: z.string().uuid(), userId: z.string().uuid() }),
    z.object({ ok: z.literal(true) }),
  ),
  createInvitation: defineMessage(
    'auth.invitations.create',
    z.object({ actorId: z.string().uuid(), workspaceId: z.string().uuid(), email: z.string().max(254), role: z.enum(invitableRoles), requestId: z.string().uuid() }),
    createdInvitationSchema.omit({ url: true, emailed: true }),
  ),
  /** Pending invitations (not accepted, revoked or expired). */
  listInvitations: defineMessage('auth.invitations.list', z.object({ workspaceId: z.string().uuid() }), z.array(invitationSchema)),
  revokeInvitation: defineMessage('auth.invitations.revoke', z.object({ workspaceId: z.string().uuid(), invitationId: z.string().uuid() }), z.object({ ok: z.literal(true) })),
  /** VALIDATION_FAILED (invitationInvalid) for an unknown, used, revoked or expired token. */
  previewInvitation: defineMessage('auth.invitations.preview', z.object({ token: z.string().max(100) }), invitationPreviewSchema),
  /** Joins the workspace, once; the same user accepting again answers the same workspace. */
  acceptInvitation: defineMessage('auth.invitations.accept', z.object({ token: z.string().max(100), userId: z.string().uuid() }), workspaceSchema),
  renameWorkspace: defineMessage('auth.workspaces.rename', z.object({ actorId: z.string().uuid(), workspaceId: z.string().uuid(), name: z.string().min(1).max(80) }), workspaceSchema),
  /** Removes a team workspace with its members and invitations; one already gone: ok (a redelivery). */
  deleteWorkspace: defineMessage('auth.workspaces.delete', z.object({ workspaceId: z.string().uuid() }), z.object({ ok: z.literal(true) })),
  /** The branding a workspace's SOPs carry: a team's own, or for a personal workspace its person's profile. NOT_FOUND for neither. */
  getBranding: defineMessage('auth.branding.get', z.object({ workspaceId: z.string().uuid() }), brandingSchema),
  /** A team workspace's branding; `companyName` absent keeps it; `companyLogoUrl: null` removes the logo. */
  updateWorkspaceBranding: defineMessage(
    'auth.workspaces.update-branding',
    z.object({ workspaceId: z.string().uuid(), companyName: companyNameSchema.nullable().optional(), companyLogoUrl: z.string().nullable().optional() }),
    brandingSchema,
  ),
} as const;
