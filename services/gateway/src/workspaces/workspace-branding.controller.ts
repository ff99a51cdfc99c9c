import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import {
  authMessages,
  mediaMessages,
  sopMessages,
  updateBrandingRequestSchema,
  uploadLimits,
  workspaceMessages,
  type Branding,
  type SessionUser,
  type UpdateBrandingRequest,
  type UploadLogoResponse,
} from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { brandingOf } from '../exports/export-runner';
import { AUTH_SERVICE, MEDIA_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { receiveUpload } from '../uploads/receive-upload';
import { WorkspaceAccessService } from './workspace-access';

/**
 * A team workspace's branding: the company name and logo its SOPs carry on the SOP page, in
 * exports and on share links. Members read it; admins and owners change it. A personal
 * workspace's branding is its person's profile (/api/profile), so it is read here but set there.
 */
@Controller('api/workspaces/:id/branding')
@UseGuards(SessionGuard)
export class WorkspaceBrandingController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  @Get()
  async get(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string): Promise<Branding> {
    const workspace = await this.access.workspace(user, workspaceId, 'sop.read');
    return brandingOf(this.auth, workspace.id);
  }

  /** `companyName` sets the name (empty: none); `companyLogoUrl: null` removes the logo. */
  @Put()
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string,
    @Body({ schema: updateBrandingRequestSchema }) body: UpdateBrandingRequest,
  ): Promise<Branding> {
    const workspace = await this.team(user, workspaceId);
    const branding = await this.auth.send(authMessages.updateWorkspaceBranding, { workspaceId: workspace.id, ...body });
    await this.logChange(user, workspace.id, body.companyLogoUrl === null ? 'logo removed' : 'name');
    return branding;
  }

  /** The logo is an image of the workspace's own, so every member (and share links) can show it. */
  @Post('logo')
  @HttpCode(HttpStatus.OK)
  async uploadLogo(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(workspaceMessages.notFound)) workspaceId: string, @Req() req: Request): Promise<UploadLogoResponse> {
    const workspace = await this.team(user, workspaceId);
    const limit = uploadLimits.logo;
    const { files } = await receiveUpload(req, this.storage, {
      logo: { maxBytes: limit.maxBytes, maxCount: 1, tooLargeMessage: `Logos must be ${limit.label} or smaller` },
    });
    const file = files[0];
    if (!file) throw new BadRequestException('Please choose a logo to upload');
    const image = await this.media.send(mediaMessages.ingestImage, { ownerId: workspace.id, incomingKey: file.key, purpose: 'logo' });
    await this.auth.send(authMessages.updateWorkspaceBranding, { workspaceId: workspace.id, companyLogoUrl: image.url });
    await this.logChange(user, workspace.id, 'logo');
    return { logoUrl: image.url };
  }

  private async team(user: SessionUser, workspaceId: string) {
    const workspace = await this.access.workspace(user, workspaceId, 'branding.manage');
    if (workspace.personal) throw new BadRequestException(workspaceMessages.personalBrandingInProfile);
    return workspace;
  }

  /** Best effort: the change is made whatever the log says. */
  private async logChange(user: SessionUser, workspaceId: string, what: string): Promise<void> {
    await this.sops
      .send(sopMessages.recordActivity, { ownerId: workspaceId, actorId: user.id, action: 'branded', sopId: null, detail: { what }, key: `branded:${randomUUID()}` })
      .catch(() => undefined);
  }
}
