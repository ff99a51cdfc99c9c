import { Controller, Get, Inject, NotFoundException, Param, UseGuards } from '@nestjs/common';
import type { GenerationJobStatus, SessionUser } from '@sopwright/contracts';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GenerationQueue, generationJobId } from '../generation/generation-queue';
import { ResourceIdPipe } from '../sops/sop-id.pipe';

const notFound = 'Generation not found';

/** A generation's stage and progress, to its owner only: the queue id is scoped by owner, so anyone else's id is simply not found. */
@Controller('api/jobs')
@UseGuards(SessionGuard)
export class JobsController {
  constructor(@Inject(GenerationQueue) private readonly generations: GenerationQueue) {}

  @Get(':id')
  async status(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(notFound)) generationId: string): Promise<GenerationJobStatus> {
    const job = await this.generations.find(generationJobId(user.id, generationId));
    // The job id holds the requester's id, so only who asked for it finds it (whichever workspace it is in).
    if (!job) throw new NotFoundException(notFound);
    return this.generations.status(generationId, job);
  }
}
