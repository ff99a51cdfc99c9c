import { Module, type DynamicModule } from '@nestjs/common';
import { ObjectStorage } from '@sopwright/server-kit';
import { DataSource } from 'typeorm';
import { ImagesController } from './images/images.controller';
import { ImagesService } from './images/images.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource, storage: ObjectStorage): DynamicModule {
    return {
      module: AppModule,
      controllers: [ImagesController],
      providers: [{ provide: DataSource, useValue: dataSource }, { provide: ObjectStorage, useValue: storage }, ImagesService],
    };
  }
}
