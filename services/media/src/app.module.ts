import { Module, type DynamicModule } from '@nestjs/common';
import { ObjectStorage } from '@sopwright/server-kit';
import { DataSource } from 'typeorm';
import { MEDIA_CONFIG, type MediaConfig } from './config';
import { ImageEditsController } from './edits/image-edits.controller';
import { ImageEditsService } from './edits/image-edits.service';
import { ImagesController } from './images/images.controller';
import { ImagesService } from './images/images.service';

@Module({})
export class AppModule {
  static register(dataSource: DataSource, storage: ObjectStorage, config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [ImagesController, ImageEditsController],
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: ObjectStorage, useValue: storage },
        { provide: MEDIA_CONFIG, useValue: config },
        ImagesService,
        ImageEditsService,
      ],
    };
  }
}
