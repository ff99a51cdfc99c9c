import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SopsController } from './sops/sops.controller';
import { SopsService } from './sops/sops.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      controllers: [SopsController],
      providers: [{ provide: DataSource, useValue: dataSource }, SopsService],
    };
  }
}
