import { createServiceDataSource } from '@sopwright/server-kit';
import { SopVersionEntity } from '../sops/sop-version.entity';
import { SopEntity } from '../sops/sop.entity';
import { TemplateEntity } from '../templates/template.entity';
import { CreateSops1763900000000 } from './migrations/1763900000000-create-sops';
import { CreateTemplates1763900400000 } from './migrations/1763900400000-create-templates';
import { AddCreationKey1763900500000 } from './migrations/1763900500000-add-creation-key';
import { AddGeneratedBy1763900600000 } from './migrations/1763900600000-add-generated-by';
import { TeamSops1796400000000 } from './migrations/1796400000000-team-sops';

export const SOP_SCHEMA = 'sop';

export const createSopDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: SOP_SCHEMA,
    entities: [SopEntity, SopVersionEntity, TemplateEntity],
    migrations: [CreateSops1763900000000, CreateTemplates1763900400000, AddCreationKey1763900500000, AddGeneratedBy1763900600000, TeamSops1796400000000],
  });
