import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { mediaMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { ImageEditsService } from './image-edits.service';

type RequestOf<K extends keyof typeof mediaMessages> = z.output<(typeof mediaMessages)[K]['request']>;
type Reply<K extends keyof typeof mediaMessages> = Promise<MessageResponse<(typeof mediaMessages)[K]>>;

@Controller()
export class ImageEditsController {
  constructor(@Inject(ImageEditsService) private readonly edits: ImageEditsService) {}

  @MessagePattern(mediaMessages.editImage.pattern)
  edit(@Payload({ schema: mediaMessages.editImage.request }) r: RequestOf<'editImage'>): Reply<'editImage'> {
    return this.edits.edit(r.ownerId, r.imageId, r.edit);
  }

  @MessagePattern(mediaMessages.getImageEdit.pattern)
  state(@Payload({ schema: mediaMessages.getImageEdit.request }) r: RequestOf<'getImageEdit'>): Reply<'getImageEdit'> {
    return this.edits.state(r.ownerId, r.imageId);
  }

  @MessagePattern(mediaMessages.proposeRedactions.pattern)
  async propose(@Payload({ schema: mediaMessages.proposeRedactions.request }) r: RequestOf<'proposeRedactions'>): Reply<'proposeRedactions'> {
    return { shapes: await this.edits.proposeRedactions(r.ownerId, r.imageId) };
  }
}
