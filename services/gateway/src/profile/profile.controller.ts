import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Put, Req, UseGuards } from '@nestjs/common';
import {
  authMessages,
  mediaMessages,
  updateProfileRequestSchema,
  uploadLimits,
  type Profile,
  type SessionUser,
  type UpdateProfileRequest,
  type UploadLogoResponse,
} from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { AUTH_SERVICE, MEDIA_SERVICE } from '../rpc/service-clients';
import { receiveUpload } from '../uploads/receive-upload';

@Controller('api/profile')
@UseGuards(SessionGuard)
export class ProfileController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @Get()
  get(@CurrentUser() user: SessionUser): Promise<Profile> {
    return this.auth.send(authMessages.getProfile, { userId: user.id });
  }

  /** `companyName` sets the name; `companyLogoUrl: null` removes the logo. */
  @Put()
  update(@CurrentUser() user: SessionUser, @Body({ schema: updateProfileRequestSchema }) body: UpdateProfileRequest): Promise<Profile> {
    return this.auth.send(authMessages.updateProfile, { userId: user.id, ...body });
  }

  @Post('logo')
  @HttpCode(HttpStatus.OK)
  async uploadLogo(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<UploadLogoResponse> {
    const limit = uploadLimits.logo;
    const { files } = await receiveUpload(req, this.storage, {
      logo: { maxBytes: limit.maxBytes, maxCount: 1, tooLargeMessage: `Logos must be ${limit.label} or smaller` },
    });
    const file = files[0];
    if (!file) throw new BadRequestException('Please choose a logo to upload');
    const image = await this.media.send(mediaMessages.ingestImage, { ownerId: user.id, incomingKey: file.key, purpose: 'logo' });
    await this.auth.send(authMessages.updateProfile, { userId: user.id, companyLogoUrl: image.url });
    return { logoUrl: image.url };
  }
}
