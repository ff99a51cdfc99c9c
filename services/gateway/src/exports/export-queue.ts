import { exportJob, exportResultSchema } from '@sopwright/contracts';
import { JobQueue } from '@sopwright/server-kit';

/** Renders wait for any export worker; the file itself comes back through object storage. */
export class ExportQueue extends JobQueue<typeof exportJob, typeof exportResultSchema> {
  constructor(redisUrl: string) {
    super(exportJob, exportResultSchema, redisUrl);
  }
}
