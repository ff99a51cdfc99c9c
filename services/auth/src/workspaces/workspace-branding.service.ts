import { Inject, Injectable } from '@nestjs/common';
import { workspaceMessages, type Branding } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity } from './workspace.entities';

export interface BrandingChanges {
  companyName?: string | null;
  companyLogoUrl?: string | null;
}

/**
 * The branding a workspace's SOPs carry wherever they are shown: a team workspace's own, set
 * by its admins, or for a personal workspace (the user's own id) that person's profile.
 */
@Injectable()
export class WorkspaceBrandingService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async get(workspaceId: string): Promise<Branding> {
    const team = await this.dataSource.getRepository(WorkspaceEntity).findOneBy({ id: workspaceId });
    if (team) return toBranding(team);
    const person = await this.dataSource.getRepository(UserEntity).findOneBy({ id: workspaceId });
    if (person) return toBranding(person);
    throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
  }

  /** Only the fields present change; an empty company name is stored as none. Setting the same value twice is the same. */
  async update(workspaceId: string, changes: BrandingChanges): Promise<Branding> {
    const repository = this.dataSource.getRepository(WorkspaceEntity);
    const team = await repository.findOneBy({ id: workspaceId });
    if (!team) throw new ServiceError('NOT_FOUND', workspaceMessages.notFound);
    if (changes.companyName !== undefined) team.companyName = changes.companyName?.trim() || null;
    if (changes.companyLogoUrl !== undefined) team.companyLogoUrl = changes.companyLogoUrl;
    return toBranding(await repository.save(team));
  }
}

const toBranding = (row: { companyName: string | null; companyLogoUrl: string | null }): Branding => ({ companyName: row.companyName, companyLogoUrl: row.companyLogoUrl });
