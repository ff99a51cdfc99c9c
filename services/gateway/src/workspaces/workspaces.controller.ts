import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  authMessages,
  sopMessages,
  type ActivityEntry,
  changeMemberRoleRequestSchema,
  createInvitationRequestSchema,
  createWorkspaceRequestSchema,
  renameWorkspaceRequestSchema,
  workspaceMessages,
  type ChangeMemberRoleRequest,
  type CreatedInvitation,
  type CreateInvitationRequest,
  type CreateWorkspaceRequest,
  type RenameWorkspaceRequest,
  type Invitation,
  type InvitationPreview,
  type SessionUser,
  type Workspace,
  type WorkspaceMember,
} from '@sopwright/contracts';
import { type RpcClient } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { AUTH_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { InvitationMailer } from './invitation-mailer';
import { InvitationTokenPipe } from './invitation-token';
import { WorkspaceAccessService } from './workspace-access';

@Controller('api/workspaces')
@UseGuards(SessionGuard)
export class WorkspacesController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(InvitationMailer) private readonly mailer: InvitationMailer,
  ) {}

  /** The personal workspace first, then the teams the user is in. */
  @Get()
  list(@CurrentUser() user: SessionUser): Promise<Workspace[]> {
    return this.auth.send(authMessages.listWorkspaces, { userId: user.id });
  }

  @Post()
  create(@CurrentUser() user: SessionUser, @Body({ schema: createWorkspaceRequestSchema }) body: CreateWorkspaceRequest): Promise<Workspace> {
    return this.auth.send(authMessages.createWorkspace, { userId: user.id, name: body.name, requestId: randomUUID() });
  }

  /** Owners rename a team workspace. */
  @Patch(':id')
  async rename(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Body({ schema: renameWorkspaceRequestSchema }) body: RenameWorkspaceRequest,
  ): Promise<Workspace> {
    await this.owned(user, workspaceId);
    return this.auth.send(authMessages.renameWorkspace, { actorId: user.id, workspaceId, name: body.name });
  }

  /**
   * Owners delete a team workspace: its SOPs first (each logged, its share links ended at once),
   * then the workspace with its members and invitations. Both steps can be done again, so a
   * request cut short is finished by sending it again.
   */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async deleteWorkspace(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string): Promise<void> {
    await this.owned(user, workspaceId);
    await this.sops.send(sopMessages.deleteAllSops, { ownerId: workspaceId, actorId: user.id });
    await this.auth.send(authMessages.deleteWorkspace, { workspaceId });
  }

  /** Anyone in it sees who else is. */
  @Get(':id/members')
  async members(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string): Promise<WorkspaceMember[]> {
    await this.access.workspace(user, workspaceId, 'sop.read');
    return this.auth.send(authMessages.listMembers, { workspaceId });
  }

  @Patch(':id/members/:userId')
  async changeRole(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Param('userId', new ResourceIdPipe(workspaceMessages.memberNotFound)) userId: string,
    @Body({ schema: changeMemberRoleRequestSchema }) body: ChangeMemberRoleRequest,
  ): Promise<WorkspaceMember> {
    await this.team(user, workspaceId, 'members.manage');
    return this.auth.send(authMessages.changeMemberRole, { actorId: user.id, workspaceId, userId, role: body.role });
  }

  /** Removes a member; any member may remove themself (leave). */
  @Delete(':id/members/:userId')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Param('userId', new ResourceIdPipe(workspaceMessages.memberNotFound)) userId: string,
  ): Promise<void> {
    await this.team(user, workspaceId, userId === user.id ? 'sop.read' : 'members.manage');
    await this.auth.send(authMessages.removeMember, { actorId: user.id, workspaceId, userId });
  }

  /** Who created, edited, approved, shared, exported what, newest first (admins and owners). */
  @Get(':id/activity')
  async activity(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string): Promise<ActivityEntry[]> {
    const workspace = await this.access.workspace(user, workspaceId, 'members.manage');
    const [entries, members] = await Promise.all([
      this.sops.send(sopMessages.listActivity, { ownerId: workspace.id, limit: 200 }),
      this.auth.send(authMessages.listMembers, { workspaceId: workspace.id }),
    ]);
    const emails = new Map(members.map((member) => [member.userId, member.email]));
    return entries.map((entry) => ({ ...entry, actorEmail: entry.actorId ? (emails.get(entry.actorId) ?? null) : null }));
  }

  /** The SOPs in this workspace assigned to the signed-in member, unread first ("Assigned to you"). */
  @Get(':id/assigned')
  async assigned(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string) {
    const workspace = await this.access.workspace(user, workspaceId, 'sop.read');
    return this.sops.send(sopMessages.assignedTo, { ownerId: workspace.id, userId: user.id });
  }

  @Get(':id/invitations')
  async invitations(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string): Promise<Invitation[]> {
    await this.team(user, workspaceId, 'members.manage');
    return this.auth.send(authMessages.listInvitations, { workspaceId });
  }

  /** The link is shown to the inviter to copy (and emailed when SMTP_URL is set): the only time the token leaves the server. */
  @Post(':id/invitations')
  async invite(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Body({ schema: createInvitationRequestSchema }) body: CreateInvitationRequest,
  ): Promise<CreatedInvitation> {
    await this.team(user, workspaceId, 'members.manage');
    const created = await this.auth.send(authMessages.createInvitation, { actorId: user.id, workspaceId, email: body.email, role: body.role, requestId: randomUUID() });
    // From the configured address, never the request's Host: a link in an email must point home.
    const url = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/invite/${created.token}`;
    const workspace = (await this.auth.send(authMessages.listWorkspaces, { userId: user.id })).find((candidate) => candidate.id === workspaceId);
    const emailed = await this.mailer.send({ to: created.email, workspaceName: workspace?.name ?? 'a workspace', role: created.role, invitedBy: user.email, url, expiresAt: created.expiresAt });
    return { ...created, url, emailed };
  }

  @Delete(':id/invitations/:invitationId')
  @HttpCode(HttpStatus.NO_CONTENT)
  async revoke(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Param('invitationId', new ResourceIdPipe(workspaceMessages.invitationNotFound)) invitationId: string,
  ): Promise<void> {
    await this.team(user, workspaceId, 'members.manage');
    await this.auth.send(authMessages.revokeInvitation, { workspaceId, invitationId });
  }

  private async owned(user: SessionUser, workspaceId: string) {
    const access = await this.access.workspace(user, workspaceId, 'workspace.manage');
    if (access.personal) throw new BadRequestException(workspaceMessages.personalCannotChange);
    return access;
  }

  /** Member management is for team workspaces: a personal one is its owner's alone. */
  private async team(user: SessionUser, workspaceId: string, permission: Parameters<WorkspaceAccessService['workspace']>[2]) {
    const access = await this.access.workspace(user, workspaceId, permission);
    if (access.personal) throw new BadRequestException(workspaceMessages.personalIsPrivate);
    return access;
  }
}

/** What accepting an invitation looks like: a preview anyone with the link may see, and joining, signed in. */
@Controller('api/invitations')
export class InvitationsController {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: RpcClient) {}

  @Get(':token')
  preview(@Param('token', new InvitationTokenPipe()) token: string): Promise<InvitationPreview> {
    return this.auth.send(authMessages.previewInvitation, { token });
  }

  @Post(':token/accept')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  accept(@CurrentUser() user: SessionUser, @Param('token', new InvitationTokenPipe()) token: string): Promise<Workspace> {
    return this.auth.send(authMessages.acceptInvitation, { token, userId: user.id });
  }
}
