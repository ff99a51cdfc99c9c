import { Inject, Injectable } from '@nestjs/common';
import type { Profile } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, type Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';

export interface ProfileChanges {
  companyName?: string | null;
  companyLogoUrl?: string | null;
}

@Injectable()
export class ProfileService {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  async get(userId: string): Promise<Profile> {
    return toProfile(await this.findUser(userId));
  }

  /** Only the fields present change; an empty company name is stored as none. */
  async update(userId: string, changes: ProfileChanges): Promise<Profile> {
    const user = await this.findUser(userId);
    if (changes.companyName !== undefined) user.companyName = changes.companyName?.trim() || null;
    if (changes.companyLogoUrl !== undefined) user.companyLogoUrl = changes.companyLogoUrl;
    return toProfile(await this.users.save(user));
  }

  private async findUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new ServiceError('NOT_FOUND', 'User not found');
    return user;
  }
}

const toProfile = (user: UserEntity): Profile => ({
  email: user.email,
  companyName: user.companyName,
  companyLogoUrl: user.companyLogoUrl,
});
