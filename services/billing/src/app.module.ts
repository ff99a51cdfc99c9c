import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreditsController } from './usage/credits.controller';
import { CreditsService } from './usage/credits.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      controllers: [CreditsController],
      providers: [{ provide: DataSource, useValue: dataSource }, CreditsService],
    };
  }
}
