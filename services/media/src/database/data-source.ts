import { createServiceDataSource } from '@sopwright/server-kit';
import { ImageEntity } from '../images/image.entity';
import { CreateImages1763900200000 } from './migrations/1763900200000-create-images';
import { ImagePrintRenditions1795400000000 } from './migrations/1795400000000-image-print-renditions';
import { ImageEdits1796100000000 } from './migrations/1796100000000-image-edits';

export const MEDIA_SCHEMA = 'media';

export const createMediaDataSource = (url: string) =>
  createServiceDataSource({ url, schema: MEDIA_SCHEMA, entities: [ImageEntity], migrations: [CreateImages1763900200000, ImagePrintRenditions1795400000000, ImageEdits1796100000000] });
