import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { authMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { WorkspaceBrandingService } from './workspace-branding.service';
import { WorkspacesService } from './workspaces.service';

type RequestOf<K extends keyof typeof authMessages> = z.output<(typeof authMessages)[K]['request']>;
type Reply<K extends keyof typeof authMessages> = Promise<MessageResponse<(typeof authMessages)[K]>>;

@Controller()
export class WorkspacesController {
  constructor(
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(WorkspaceBrandingService) private readonly branding: WorkspaceBrandingService,
  ) {}

  @MessagePattern(authMessages.listWorkspaces.pattern)
  list(@Payload({ schema: authMessages.listWorkspaces.request }) r: RequestOf<'listWorkspaces'>): Reply<'listWorkspaces'> {
    return this.workspaces.list(r.userId);
  }

  @MessagePattern(authMessages.createWorkspace.pattern)
  create(@Payload({ schema: authMessages.createWorkspace.request }) r: RequestOf<'createWorkspace'>): Reply<'createWorkspace'> {
    return this.workspaces.create(r.userId, r.name, r.requestId);
  }

  @MessagePattern(authMessages.getMembership.pattern)
  membership(@Payload({ schema: authMessages.getMembership.request }) r: RequestOf<'getMembership'>): Reply<'getMembership'> {
    return this.workspaces.membership(r.userId, r.workspaceId);
  }

  @MessagePattern(authMessages.listMembers.pattern)
  members(@Payload({ schema: authMessages.listMembers.request }) r: RequestOf<'listMembers'>): Reply<'listMembers'> {
    return this.workspaces.members(r.workspaceId);
  }

  @MessagePattern(authMessages.changeMemberRole.pattern)
  changeRole(@Payload({ schema: authMessages.changeMemberRole.request }) r: RequestOf<'changeMemberRole'>): Reply<'changeMemberRole'> {
    return this.workspaces.changeRole(r.actorId, r.workspaceId, r.userId, r.role);
  }

  @MessagePattern(authMessages.removeMember.pattern)
  async remove(@Payload({ schema: authMessages.removeMember.request }) r: RequestOf<'removeMember'>): Reply<'removeMember'> {
    await this.workspaces.removeMember(r.actorId, r.workspaceId, r.userId);
    return { ok: true };
  }

  @MessagePattern(authMessages.createInvitation.pattern)
  invite(@Payload({ schema: authMessages.createInvitation.request }) r: RequestOf<'createInvitation'>): Reply<'createInvitation'> {
    return this.workspaces.invite(r.actorId, r.workspaceId, r.email, r.role, r.requestId);
  }

  @MessagePattern(authMessages.listInvitations.pattern)
  invitations(@Payload({ schema: authMessages.listInvitations.request }) r: RequestOf<'listInvitations'>): Reply<'listInvitations'> {
    return this.workspaces.invitations(r.workspaceId);
  }

  @MessagePattern(authMessages.revokeInvitation.pattern)
  async revoke(@Payload({ schema: authMessages.revokeInvitation.request }) r: RequestOf<'revokeInvitation'>): Reply<'revokeInvitation'> {
    await this.workspaces.revokeInvitation(r.workspaceId, r.invitationId);
    return { ok: true };
  }

  @MessagePattern(authMessages.previewInvitation.pattern)
  preview(@Payload({ schema: authMessages.previewInvitation.request }) r: RequestOf<'previewInvitation'>): Reply<'previewInvitation'> {
    return this.workspaces.preview(r.token);
  }

  @MessagePattern(authMessages.acceptInvitation.pattern)
  accept(@Payload({ schema: authMessages.acceptInvitation.request }) r: RequestOf<'acceptInvitation'>): Reply<'acceptInvitation'> {
    return this.workspaces.accept(r.token, r.userId);
  }

  @MessagePattern(authMessages.renameWorkspace.pattern)
  rename(@Payload({ schema: authMessages.renameWorkspace.request }) r: RequestOf<'renameWorkspace'>): Reply<'renameWorkspace'> {
    return this.workspaces.rename(r.actorId, r.workspaceId, r.name);
  }

  @MessagePattern(authMessages.deleteWorkspace.pattern)
  async deleteWorkspace(@Payload({ schema: authMessages.deleteWorkspace.request }) r: RequestOf<'deleteWorkspace'>): Reply<'deleteWorkspace'> {
    await this.workspaces.remove(r.workspaceId);
    return { ok: true };
  }

  @MessagePattern(authMessages.getBranding.pattern)
  getBranding(@Payload({ schema: authMessages.getBranding.request }) r: RequestOf<'getBranding'>): Reply<'getBranding'> {
    return this.branding.get(r.workspaceId);
  }

  @MessagePattern(authMessages.updateWorkspaceBranding.pattern)
  updateBranding(@Payload({ schema: authMessages.updateWorkspaceBranding.request }) r: RequestOf<'updateWorkspaceBranding'>): Reply<'updateWorkspaceBranding'> {
    return this.branding.update(r.workspaceId, { companyName: r.companyName, companyLogoUrl: r.companyLogoUrl });
  }
}
