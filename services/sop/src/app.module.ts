import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AcknowledgementsService } from './governance/acknowledgements.service';
import { ActivityService } from './governance/activity.service';
import { GovernanceController } from './governance/governance.controller';
import { ReviewService } from './governance/review.service';
import { ShareLinksService } from './governance/share-links.service';
import { SopsController } from './sops/sops.controller';
import { SopsService } from './sops/sops.service';
import { TemplatesController } from './templates/templates.controller';
import { catalogueProvider, TemplatesService } from './templates/templates.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      controllers: [SopsController, TemplatesController, GovernanceController],
      providers: [{ provide: DataSource, useValue: dataSource }, SopsService, catalogueProvider, TemplatesService, ReviewService, ShareLinksService, AcknowledgementsService, ActivityService],
    };
  }
}
