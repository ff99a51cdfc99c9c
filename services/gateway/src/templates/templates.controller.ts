import { Controller, Get, HttpCode, HttpStatus, Inject, Post, Query } from '@nestjs/common';
import { sopMessages, templateQuerySchema, type Template } from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import type { z } from 'zod';
import { SOP_SERVICE } from '../rpc/service-clients';

/** The template library is public: visitors browse it before they sign up. */
@Controller('api/templates')
export class TemplatesController {
  constructor(@Inject(SOP_SERVICE) private readonly sops: RpcClient) {}

  @Get()
  list(@Query({ schema: templateQuerySchema }) query: z.output<typeof templateQuerySchema>): Promise<Template[]> {
    return this.sops.send(sopMessages.listTemplates, { q: query.q });
  }

  /** Called by the templates page on every load; idempotent and cheap once seeded. */
  @Post('seed')
  @HttpCode(HttpStatus.OK)
  seed() {
    return this.sops.send(sopMessages.seedTemplates, {});
  }
}
