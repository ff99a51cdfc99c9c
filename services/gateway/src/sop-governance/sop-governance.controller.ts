import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import {
  acknowledgementMessages,
  authMessages,
  createShareLinkRequestSchema,
  reviewIntervalRequestSchema,
  reviewMessages,
  setAssigneesRequestSchema,
  sopMessages,
  submitForReviewRequestSchema,
  type AcknowledgementStatus,
  type CreatedShareLink,
  type CreateShareLinkRequest,
  type ReviewIntervalRequest,
  type SessionUser,
  type SetAssigneesRequest,
  type ShareLink,
  type SopAccess,
  type SopReview,
  type SubmitForReviewRequest,
  type WorkspaceMember,
} from '@sopwright/contracts';
import { type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTH_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { WorkspaceAccessService, type WorkspaceAccess } from '../workspaces/workspace-access';
import { acknowledgementCsv } from './acknowledgement-csv';

/** Review and approval, share links, assignments and read acknowledgements of one SOP. */
@Controller('api/sop')
@UseGuards(SessionGuard)
export class SopGovernanceController {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The signed-in member's standing on this SOP: its workspace and their role there (what the page may offer). */
  @Get(':id/access')
  async sopAccess(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<SopAccess> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    return { workspaceId: workspace.id, role: workspace.role, personal: workspace.personal };
  }

  // ——— Review ———

  @Get(':id/review')
  async review(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<SopReview> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    return this.sops.send(sopMessages.getReview, { ownerId: workspace.id, sopId });
  }

  /** Editors submit, naming an approver who is an admin or owner of the workspace. */
  @Post(':id/review')
  @HttpCode(HttpStatus.OK)
  async submit(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Body({ schema: submitForReviewRequestSchema }) body: SubmitForReviewRequest): Promise<SopReview> {
    const workspace = await this.team(user, sopId, 'sop.edit');
    const approver = (await this.members(workspace)).find((member) => member.userId === body.approverId);
    if (!approver || (approver.role !== 'owner' && approver.role !== 'admin')) throw new BadRequestException(reviewMessages.approverMustManage);
    return this.sops.send(sopMessages.submitForReview, { ownerId: workspace.id, sopId, actorId: user.id, approverId: body.approverId });
  }

  /** Admins and owners approve: the named approver, or any owner. */
  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  async approve(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<SopReview> {
    const workspace = await this.team(user, sopId, 'members.manage');
    return this.sops.send(sopMessages.approve, { ownerId: workspace.id, sopId, actorId: user.id, actorIsOwner: workspace.role === 'owner' });
  }

  @Put(':id/review-interval')
  async reviewInterval(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Body({ schema: reviewIntervalRequestSchema }) body: ReviewIntervalRequest): Promise<SopReview> {
    const workspace = await this.team(user, sopId, 'sop.edit');
    return this.sops.send(sopMessages.setReviewInterval, { ownerId: workspace.id, sopId, actorId: user.id, months: body.months });
  }

  // ——— Share links ———

  @Get(':id/share-links')
  async shareLinks(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<ShareLink[]> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    return this.sops.send(sopMessages.listShareLinks, { ownerId: workspace.id, sopId });
  }

  /** Editors share; the link (its token inside) is shown once, to copy. */
  @Post(':id/share-links')
  async share(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Body({ schema: createShareLinkRequestSchema }) body: CreateShareLinkRequest): Promise<CreatedShareLink> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    const token = randomBytes(32).toString('base64url');
    const created = await this.sops.send(sopMessages.createShareLink, { ownerId: workspace.id, sopId, actorId: user.id, expiresAt: body.expiresAt ?? null, token });
    // From the configured address, never the request's Host.
    return { ...created, url: `${this.config.PUBLIC_URL.replace(/\/$/, '')}/s/${created.token}` };
  }

  @Delete(':id/share-links/:linkId')
  @HttpCode(HttpStatus.NO_CONTENT)
  async unshare(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Param('linkId', new ResourceIdPipe('Share link not found')) linkId: string): Promise<void> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    await this.sops.send(sopMessages.revokeShareLink, { ownerId: workspace.id, sopId, actorId: user.id, linkId });
  }

  // ——— Assignments and acknowledgements ———

  @Put(':id/assignees')
  async assign(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Body({ schema: setAssigneesRequestSchema }) body: SetAssigneesRequest): Promise<AcknowledgementStatus> {
    const workspace = await this.team(user, sopId, 'sop.edit');
    const members = new Set((await this.members(workspace)).map((member) => member.userId));
    if (body.userIds.some((userId) => !members.has(userId))) throw new BadRequestException(acknowledgementMessages.notMember);
    await this.sops.send(sopMessages.setAssignees, { ownerId: workspace.id, sopId, actorId: user.id, userIds: body.userIds });
    return this.status(user, workspace, sopId);
  }

  /** "I have read and understood this version": any member, for the version readers read now. */
  @Post(':id/acknowledgements')
  @HttpCode(HttpStatus.OK)
  async acknowledge(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<AcknowledgementStatus> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    await this.sops.send(sopMessages.acknowledge, { ownerId: workspace.id, sopId, actorId: user.id });
    return this.status(user, workspace, sopId);
  }

  @Get(':id/acknowledgements')
  async acknowledgements(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<AcknowledgementStatus> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    return this.status(user, workspace, sopId);
  }

  /** The whole record, every version, as CSV (for auditors). */
  @Get(':id/acknowledgements.csv')
  async acknowledgementRecord(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Res() res: Response): Promise<void> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    const [sop, record, members] = await Promise.all([
      this.sops.send(sopMessages.get, { ownerId: workspace.id, sopId }),
      this.sops.send(sopMessages.acknowledgements, { ownerId: workspace.id, sopId }),
      this.members(workspace),
    ]);
    const emails = new Map(members.map((member) => [member.userId, member.email]));
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="acknowledgements-${sopId}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(acknowledgementCsv(sop.title, record.records, emails));
  }

  private async status(user: SessionUser, workspace: WorkspaceAccess, sopId: string): Promise<AcknowledgementStatus> {
    const [record, members] = await Promise.all([this.sops.send(sopMessages.acknowledgements, { ownerId: workspace.id, sopId }), this.members(workspace)]);
    const assigned = new Set(record.assigned);
    const people = members.map((member) => {
      const mine = record.records.filter((row) => row.userId === member.userId);
      const current = mine.find((row) => row.version === record.version);
      const last = mine.reduce<number | null>((latest, row) => (latest === null || row.version > latest ? row.version : latest), null);
      return { userId: member.userId, email: member.email, assigned: assigned.has(member.userId), acknowledgedAt: current?.acknowledgedAt ?? null, lastAcknowledgedVersion: last };
    });
    const me = people.find((person) => person.userId === user.id);
    return { version: record.version, people, mine: { assigned: me?.assigned ?? false, acknowledgedAt: me?.acknowledgedAt ?? null } };
  }

  private members(workspace: WorkspaceAccess): Promise<WorkspaceMember[]> {
    return this.auth.send(authMessages.listMembers, { workspaceId: workspace.id });
  }

  /** Review and assignments are for team workspaces. */
  private async team(user: SessionUser, sopId: string, permission: Parameters<WorkspaceAccessService['ofSop']>[2]): Promise<WorkspaceAccess> {
    const workspace = await this.access.ofSop(user, sopId, permission);
    if (workspace.personal) throw new BadRequestException(reviewMessages.personalHasNoReview);
    return workspace;
  }
}
