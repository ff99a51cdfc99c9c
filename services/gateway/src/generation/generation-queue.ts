import { generationJob, generationResultSchema } from '@sopwright/contracts';
import { JobQueue } from '@sopwright/server-kit';

export class GenerationQueue extends JobQueue<typeof generationJob, typeof generationResultSchema> {
  constructor(redisUrl: string) {
    super(generationJob, generationResultSchema, redisUrl);
  }
}
