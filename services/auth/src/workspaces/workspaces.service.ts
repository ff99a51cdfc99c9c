import { Inject, Injectable } from '@nestjs/common';
import {
  INVITATION_TTL_DAYS,
  workspaceMessages,
  type CreatedInvitation,
  type Invitation,
  type InvitationPreview,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@sopwright/contracts';
import { ServiceError, stableUuid } from '@sopwright/server-kit';
import { createHash, createHmac } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity, WorkspaceInvitationEntity, WorkspaceMemberEntity } from './workspace.entities';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PERSONAL_NAME = 'Personal';

type Membership = { workspaceId: string; role: WorkspaceRole; personal: boolean };

/**
 * Team workspaces, members and invitations. A personal workspace has no rows: its id is the
 * user's id and its only member that user, as owner.
 */
@Injectable()
export class WorkspacesService {
  private readonly tokenKey: Buffer;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.tokenKey = createHmac('sha256', config.JWT_SECRET).update('sopwright invitations').digest();
  }

  async list(userId: string): Promise<Workspace[]> {
    const rows: { id: string; name: string; role: WorkspaceRole; members: number }[] = await this.dataSource.query(
      `SELECT w."id", w."name", m."role", (SELECT count(*)::int FROM "auth"."workspace_members" c WHERE c."workspace_id" = w."id") AS "members"
         FROM "auth"."workspace_members" m JOIN "auth"."workspaces" w ON w."id" = m."workspace_id"
        WHERE m."user_id" = $1 ORDER BY lower(w."name"), w."id"`,
      [userId],
    );
    return [personal(userId), ...rows.map((row) => ({ id: row.id, name: row.name, personal: false, role: row.role, memberCount: row.members }))];
  }

  /** The creator is its first owner. The id derives from the request, so a redelivery makes none twice. */
  async create(userId: string, name: string, requestId: string): Promise<Workspace> {
    const id = stableUuid(`workspace:${requestId}`);
    await this.dataSource.transaction(async (manager) => {
      const made = await manager.createQueryBuilder().insert().into(WorkspaceEntity).values({ id, name, createdBy: userId }).orIgnore().execute();
      if (made.identifiers.length > 0 || (await manager.countBy(WorkspaceMemberEntity, { workspaceId: id })) === 0) {
        await manager.createQueryBuilder().insert().into(WorkspaceMemberEntity).values({ workspaceId: id, userId, role: 'owner' }).orIgnore().execute();
      }
    });
    return this.workspaceFor(userId, id);
  }

  async membership(userId: string, workspaceId: string): Promise<Membership> {
    if (workspaceId === userId) return { workspaceId, role: 'owner', personal: true };
    const row = await this.dataSource.getRepository(WorkspaceMemberEntity).findOneBy({ workspaceId, userId });
    if (!row) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
    return { workspaceId, role: row.role, personal: false };
  }

  async members(workspaceId: string): Promise<WorkspaceMember[]> {
    const rows: { user_id: string; email: string; role: WorkspaceRole; created_at: Date }[] = await this.dataSource.query(
      `SELECT m."user_id", u."email", m."role", m."created_at" FROM "auth"."workspace_members" m JOIN "auth"."users" u ON u."id" = m."user_id"
        WHERE m."workspace_id" = $1 ORDER BY array_position(ARRAY['owner','admin','editor','viewer'], m."role"), u."email"`,
      [workspaceId],
    );
    if (rows.length === 0) {
      // A personal workspace: its owner alone.
      const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: workspaceId });
      if (!user) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
      return [{ userId: user.id, email: user.email, role: 'owner', joinedAt: user.createdAt.toISOString() }];
    }
    return rows.map((row) => ({ userId: row.user_id, email: row.email, role: row.role, joinedAt: new Date(row.created_at).toISOString() }));
  }

  async rename(actorId: string, workspaceId: string, name: string): Promise<Workspace> {
    const renamed = await this.dataSource.getRepository(WorkspaceEntity).update({ id: workspaceId }, { name });
    if (!renamed.affected) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
    return this.workspaceFor(actorId, workspaceId);
  }

  /** Members and invitations go with it (the tables cascade). Already gone: nothing to do. */
  async remove(workspaceId: string): Promise<void> {
    await this.dataSource.getRepository(WorkspaceEntity).delete({ id: workspaceId });
  }

  /**
   * Admins change editors and viewers (to anything but owner); only owners make owners or
   * change an owner, and the last owner keeps the role.
   */
  async changeRole(actorId: string, workspaceId: string, userId: string, role: WorkspaceRole): Promise<WorkspaceMember> {
    await this.dataSource.transaction(async (manager) => {
      const { actor, target } = await this.pair(manager, actorId, workspaceId, userId);
      if (actor.role !== 'owner' && actor.role !== 'admin') throw new ServiceError('FORBIDDEN', workspaceMessages.onlyOwnersMakeOwners);
      if ((role === 'owner' || target.role === 'owner') && actor.role !== 'owner') throw new ServiceError('FORBIDDEN', workspaceMessages.onlyOwnersMakeOwners);
      if (target.role === 'owner' && role !== 'owner') await this.keepAnOwner(manager, workspaceId);
      await manager.update(WorkspaceMemberEntity, { workspaceId, userId }, { role });
    });
    const member = (await this.members(workspaceId)).find((candidate) => candidate.userId === userId);
    if (!member) throw new ServiceError('NOT_FOUND', workspaceMessages.memberNotFound);
    return member;
  }

  /** Admins remove editors and viewers, owners anyone; anyone may leave. The last owner cannot go. */
  async removeMember(actorId: string, workspaceId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { actor, target } = await this.pair(manager, actorId, workspaceId, userId);
      if (actorId !== userId) {
        if (actor.role !== 'owner' && actor.role !== 'admin') throw new ServiceError('FORBIDDEN', workspaceMessages.onlyOwnersMakeOwners);
        if ((target.role === 'owner' || target.role === 'admin') && actor.role !== 'owner') throw new ServiceError('FORBIDDEN', 'Only owners can remove owners and admins');
      }
      if (target.role === 'owner') await this.keepAnOwner(manager, workspaceId);
      await manager.delete(WorkspaceMemberEntity, { workspaceId, userId });
    });
  }

  /**
   * An invitation link for an email address, for a week, once. The token derives from the
   * gateway's request id, so a redelivered request answers the same link.
   */
  async invite(actorId: string, workspaceId: string, email: string, role: WorkspaceRole, requestId: string): Promise<Omit<CreatedInvitation, 'url' | 'emailed'>> {
    const token = createHmac('sha256', this.tokenKey).update(`${workspaceId}:${requestId}`).digest('base64url');
    const id = stableUuid(`invitation:${workspaceId}:${requestId}`);
    const invitations = this.dataSource.getRepository(WorkspaceInvitationEntity);
    const member: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM "auth"."workspace_members" m JOIN "auth"."users" u ON u."id" = m."user_id" WHERE m."workspace_id" = $1 AND u."email" = $2`,
      [workspaceId, email],
    );
    if ((member[0]?.n ?? 0) > 0) throw new ServiceError('CONFLICT', workspaceMessages.alreadyMember);
    await invitations
      .createQueryBuilder()
      .insert()
      .values({ id, workspaceId, email, role, tokenHash: sha256(token), invitedBy: actorId, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000), acceptedAt: null, acceptedBy: null, revokedAt: null })
      .orIgnore()
      .execute();
    const row = await invitations.findOneByOrFail({ id });
    return { ...(await this.toInvitation(row)), token };
  }

  async invitations(workspaceId: string): Promise<Invitation[]> {
    const rows = await this.dataSource
      .getRepository(WorkspaceInvitationEntity)
      .createQueryBuilder('i')
      .where('i.workspace_id = :workspaceId AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()', { workspaceId })
      .orderBy('i.created_at', 'DESC')
      .getMany();
    return Promise.all(rows.map((row) => this.toInvitation(row)));
  }

  async revokeInvitation(workspaceId: string, invitationId: string): Promise<void> {
    const invitations = this.dataSource.getRepository(WorkspaceInvitationEntity);
    const row = await invitations.findOneBy({ id: invitationId, workspaceId });
    if (!row) throw new ServiceError('NOT_FOUND', workspaceMessages.invitationNotFound);
    if (!row.revokedAt && !row.acceptedAt) await invitations.update({ id: invitationId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async preview(token: string): Promise<InvitationPreview> {
    const row = await this.usable(this.dataSource.manager, token);
    const workspace = await this.dataSource.getRepository(WorkspaceEntity).findOneByOrFail({ id: row.workspaceId });
    const invitation = await this.toInvitation(row);
    return { workspaceName: workspace.name, email: row.email, role: row.role, invitedBy: invitation.invitedBy, expiresAt: invitation.expiresAt };
  }

  /** Only the address invited may accept; accepting again (a redelivery, a second click) is the same membership. */
  async accept(token: string, userId: string): Promise<Workspace> {
    const workspaceId = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(WorkspaceInvitationEntity, { where: { tokenHash: sha256(token) }, lock: { mode: 'pessimistic_write' } });
      if (row?.acceptedBy === userId) return row.workspaceId;
      const usable = await this.usable(manager, token);
      const user = await manager.findOneByOrFail(UserEntity, { id: userId });
      if (user.email !== usable.email) throw new ServiceError('FORBIDDEN', workspaceMessages.invitationOtherEmail(usable.email));
      await manager.update(WorkspaceInvitationEntity, { id: usable.id }, { acceptedAt: new Date(), acceptedBy: userId });
      await manager.createQueryBuilder().insert().into(WorkspaceMemberEntity).values({ workspaceId: usable.workspaceId, userId, role: usable.role }).orIgnore().execute();
      return usable.workspaceId;
    });
    return this.workspaceFor(userId, workspaceId);
  }

  private async usable(manager: EntityManager, token: string): Promise<WorkspaceInvitationEntity> {
    const row = await manager.findOneBy(WorkspaceInvitationEntity, { tokenHash: sha256(token) });
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw new ServiceError('VALIDATION_FAILED', workspaceMessages.invitationInvalid);
    return row;
  }

  private async workspaceFor(userId: string, workspaceId: string): Promise<Workspace> {
    const found = (await this.list(userId)).find((workspace) => workspace.id === workspaceId);
    if (!found) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
    return found;
  }

  private async pair(manager: EntityManager, actorId: string, workspaceId: string, userId: string) {
    const rows = await manager.find(WorkspaceMemberEntity, { where: [{ workspaceId, userId: actorId }, { workspaceId, userId }], lock: { mode: 'pessimistic_write' } });
    const actor = rows.find((row) => row.userId === actorId);
    const target = rows.find((row) => row.userId === userId);
    if (!actor) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
    if (!target) throw new ServiceError('NOT_FOUND', workspaceMessages.memberNotFound);
    return { actor, target };
  }

  /** Refuses when the workspace's owners (locked) are only the one about to stop being one. */
  private async keepAnOwner(manager: EntityManager, workspaceId: string): Promise<void> {
    const owners = await manager.find(WorkspaceMemberEntity, { where: { workspaceId, role: 'owner' }, lock: { mode: 'pessimistic_write' } });
    if (owners.length <= 1) throw new ServiceError('CONFLICT', workspaceMessages.lastOwner);
  }

  private async toInvitation(row: WorkspaceInvitationEntity): Promise<Invitation> {
    const inviter = row.invitedBy ? await this.dataSource.getRepository(UserEntity).findOneBy({ id: row.invitedBy }) : null;
    return { id: row.id, email: row.email, role: row.role, invitedBy: inviter?.email ?? '', createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
  }
}

const personal = (userId: string): Workspace => ({ id: userId, name: PERSONAL_NAME, personal: true, role: 'owner', memberCount: 1 });
