import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  authMessages,
  can,
  mediaMessages,
  messages,
  permissionMessages,
  sopMessages,
  WORKSPACE_HEADER,
  workspaceMessages,
  type SessionUser,
  type WorkspacePermission,
  type WorkspaceRole,
} from '@sopwright/contracts';
import { ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { AUTH_SERVICE, MEDIA_SERVICE, SOP_SERVICE } from '../rpc/service-clients';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A workspace the signed-in user may act in, with their role there. */
export interface WorkspaceAccess {
  /** The workspace's id: what SOPs and images in it are owned by. */
  id: string;
  role: WorkspaceRole;
  personal: boolean;
}

/**
 * Who may do what where. Collections (listing, creating) are in the workspace the request
 * names (`x-workspace-id`, else the personal one); one SOP or one image is in the workspace
 * that owns it. Not being a member looks exactly like the thing not existing (404); being a
 * member without the role is a 403 that says who may.
 */
@Injectable()
export class WorkspaceAccessService {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
  ) {}

  /** The workspace the request names, checked for `permission`. */
  async current(user: SessionUser, req: Pick<Request, 'headers'>, permission: WorkspacePermission): Promise<WorkspaceAccess> {
    const named = req.headers[WORKSPACE_HEADER];
    const workspaceId = typeof named === 'string' && named !== '' ? named.toLowerCase() : user.id;
    if (!uuid.test(workspaceId)) throw new BadRequestException(`${WORKSPACE_HEADER} must be a UUID`);
    return this.require(await this.membership(user, workspaceId, workspaceMessages.notFound), permission);
  }

  /** The workspace `workspaceId` names, checked for `permission` (routes under /api/workspaces/:id). */
  async workspace(user: SessionUser, workspaceId: string, permission: WorkspacePermission): Promise<WorkspaceAccess> {
    return this.require(await this.membership(user, workspaceId, workspaceMessages.notFound), permission);
  }

  /** The workspace that owns the SOP; a non-member is told the SOP does not exist. */
  async ofSop(user: SessionUser, sopId: string, permission: WorkspacePermission): Promise<WorkspaceAccess> {
    const { ownerId } = await this.sops.send(sopMessages.getOwner, { sopId });
    return this.require(await this.membership(user, ownerId, messages.sopNotFound), permission);
  }

  /** The workspace that owns the image; a non-member is told the image does not exist. */
  async ofImage(user: SessionUser, imageId: string, permission: WorkspacePermission): Promise<WorkspaceAccess> {
    const { ownerId } = await this.media.send(mediaMessages.getImageOwner, { imageId });
    return this.require(await this.membership(user, ownerId, messages.imageNotFound), permission);
  }

  private async membership(user: SessionUser, workspaceId: string, notFound: string): Promise<WorkspaceAccess> {
    if (workspaceId === user.id) return { id: user.id, role: 'owner', personal: true };
    try {
      const found = await this.auth.send(authMessages.getMembership, { userId: user.id, workspaceId });
      return { id: found.workspaceId, role: found.role, personal: found.personal };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND') throw new NotFoundException(notFound);
      throw error;
    }
  }

  private require(access: WorkspaceAccess, permission: WorkspacePermission): WorkspaceAccess {
    if (!can(access.role, permission)) throw new ForbiddenException(permissionMessages[permission]);
    return access;
  }
}
