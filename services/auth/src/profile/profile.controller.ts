import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { authMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { ProfileService } from './profile.service';

type RequestOf<K extends keyof typeof authMessages> = z.output<(typeof authMessages)[K]['request']>;
type Reply<K extends keyof typeof authMessages> = Promise<MessageResponse<(typeof authMessages)[K]>>;

@Controller()
export class ProfileController {
  constructor(@Inject(ProfileService) private readonly profiles: ProfileService) {}

  @MessagePattern(authMessages.getProfile.pattern)
  get(@Payload({ schema: authMessages.getProfile.request }) { userId }: RequestOf<'getProfile'>): Reply<'getProfile'> {
    return this.profiles.get(userId);
  }

  @MessagePattern(authMessages.updateProfile.pattern)
  update(@Payload({ schema: authMessages.updateProfile.request }) { userId, ...changes }: RequestOf<'updateProfile'>): Reply<'updateProfile'> {
    return this.profiles.update(userId, changes);
  }
}
