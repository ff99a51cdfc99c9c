import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { sopMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { TemplatesService } from './templates.service';

type Reply<K extends keyof typeof sopMessages> = Promise<MessageResponse<(typeof sopMessages)[K]>>;

@Controller()
export class TemplatesController {
  constructor(@Inject(TemplatesService) private readonly templates: TemplatesService) {}

  @MessagePattern(sopMessages.listTemplates.pattern)
  list(@Payload({ schema: sopMessages.listTemplates.request }) { q }: z.output<typeof sopMessages.listTemplates.request>): Reply<'listTemplates'> {
    return this.templates.list(q);
  }

  @MessagePattern(sopMessages.seedTemplates.pattern)
  seed(): Reply<'seedTemplates'> {
    return this.templates.seed();
  }
}
