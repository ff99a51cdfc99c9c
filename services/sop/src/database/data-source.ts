import { createServiceDataSource } from '@sopwright/server-kit';
import { SopVersionEntity } from '../sops/sop-version.entity';
import { SopEntity } from '../sops/sop.entity';
import { CreateSops1763900000000 } from './migrations/1763900000000-create-sops';

export const SOP_SCHEMA = 'sop';

export const createSopDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: SOP_SCHEMA,
    entities: [SopEntity, SopVersionEntity],
    migrations: [CreateSops1763900000000],
  });
