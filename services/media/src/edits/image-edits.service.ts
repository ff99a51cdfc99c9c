import { Inject, Injectable } from '@nestjs/common';
import { emptyImageEdit, imageUrlFor, isEmptyImageEdit, type EditShape, type ImageEdit, type ImageEditState, type StoredImage } from '@sopwright/contracts';
import { ServiceError, stableUuid } from '@sopwright/server-kit';
import { ImagesService } from '../images/images.service';
import type { ImageEntity } from '../images/image.entity';
import { flattenEdit } from './flatten-edit';
import { proposeRedactions } from './redaction-proposals';

/** The id an edit files under: one per original and layer, so a retried edit files nothing new. */
export const editedImageId = (sourceImageId: string, edit: ImageEdit): string => stableUuid(`image-edit\n${sourceImageId}\n${JSON.stringify(edit)}`);

/**
 * Edit layers on step images. An edit never changes an image: it files the flattened
 * rendering as a new image drawn from the original, so the original stays private and
 * untouched and every earlier version of an SOP keeps showing what it showed.
 */
@Injectable()
export class ImageEditsService {
  constructor(@Inject(ImagesService) private readonly images: ImagesService) {}

  async edit(ownerId: string, imageId: string, edit: ImageEdit): Promise<StoredImage> {
    const source = await this.sourceOf(await this.images.findOwned(ownerId, imageId));
    if (source.purpose !== 'step-image') throw new ServiceError('VALIDATION_FAILED', 'Only step images can be edited');
    if (isEmptyImageEdit(edit)) return this.images.get(ownerId, source.id);
    const id = editedImageId(source.id, edit);
    const original = await this.images.readOriginal(source);
    const flat = await flattenEdit(original, edit);
    return this.images.file({
      id,
      ownerId,
      purpose: 'step-image',
      body: flat.body,
      contentType: flat.contentType,
      extension: flat.extension,
      size: { width: flat.width, height: flat.height },
      edit: { sourceImageId: source.id, edit },
    });
  }

  async state(ownerId: string, imageId: string): Promise<ImageEditState> {
    const image = await this.images.findOwned(ownerId, imageId);
    const source = await this.sourceOf(image);
    const { width, height } = await this.images.sizeOf(source);
    return { imageId, sourceImageId: source.id, sourceUrl: imageUrlFor(source.id), width, height, edit: image.edit ?? emptyImageEdit() };
  }

  async proposeRedactions(ownerId: string, imageId: string): Promise<EditShape[]> {
    const source = await this.sourceOf(await this.images.findOwned(ownerId, imageId));
    if (source.contentType === 'image/svg+xml') return [];
    return proposeRedactions(await this.images.readOriginal(source));
  }

  private async sourceOf(image: ImageEntity): Promise<ImageEntity> {
    return image.sourceImageId ? this.images.findOwned(image.ownerId, image.sourceImageId) : image;
  }
}
