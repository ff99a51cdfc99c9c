import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SopsController } from './sops/sops.controller';
import { SopsService } from './sops/sops.service';
import { TemplatesController } from './templates/templates.controller';
import { catalogueProvider, TemplatesService } from './templates/templates.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      controllers: [SopsController, TemplatesController],
      providers: [{ provide: DataSource, useValue: dataSource }, SopsService, catalogueProvider, TemplatesService],
    };
  }
}
