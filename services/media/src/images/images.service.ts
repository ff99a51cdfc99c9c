import { Inject, Injectable } from '@nestjs/common';
import { imageUrlFor, messages, uploadLimits, type ImageEdit, type ImagePurpose, type StoredImage } from '@sopwright/contracts';
import { checkRasterImage, ImageRefusedError, imageRefusals, ObjectStorage, ObjectTooLargeError, ServiceError } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type Repository } from 'typeorm';
import { MEDIA_CONFIG, type MediaConfig } from '../config';
import { ImageEntity } from './image.entity';
import { detectImageType } from './image-type';
import { printRendition } from './print-rendition';
import { sanitizeSvg } from './svg-sanitizer';
import { uprightSize } from '../edits/flatten-edit';

const refusal: Record<ImagePurpose, string> = {
  'step-image': 'Only JPEG, PNG or WebP images can be attached',
  logo: 'Only JPEG, PNG, WebP or SVG logos can be uploaded',
};

@Injectable()
export class ImagesService {
  private readonly images: Repository<ImageEntity>;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {
    this.images = dataSource.getRepository(ImageEntity);
  }

  /**
   * Files an upload the gateway streamed to `incomingKey`: the type comes from the bytes,
   * SVG is sanitised, and the incoming object is removed whatever the outcome. With `imageId`
   * the same image is filed once however often it is sent.
   */
  async ingest(ownerId: string, incomingKey: string, purpose: ImagePurpose, imageId: string = randomUUID()): Promise<StoredImage> {
    const limit = uploadLimits[purpose];
    try {
      const filed = await this.images.findOneBy({ id: imageId });
      if (filed) return ownedBy(filed, ownerId);
      const bytes = await this.readIncoming(incomingKey, limit.maxBytes, limit.label);
      const detected = await detectImageType(bytes);
      if (!detected || !(limit.types as readonly string[]).includes(detected.contentType)) {
        throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', refusal[purpose]);
      }
      let body = bytes;
      if (detected.contentType !== 'image/svg+xml') await this.refuseUndecodable(bytes);
      if (detected.contentType === 'image/svg+xml') {
        const clean = sanitizeSvg(bytes.toString('utf8'));
        if (!clean) throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', refusal[purpose]);
        body = Buffer.from(clean, 'utf8');
      }
      const size = detected.contentType === 'image/svg+xml' ? null : await uprightSize(body);
      return await this.file({ id: imageId, ownerId, purpose, body, contentType: detected.contentType, extension: detected.extension, size });
    } finally {
      await this.storage.remove(incomingKey).catch(() => undefined);
    }
  }

  /**
   * Stores an image's bytes and its print rendition and files it under `id`; filing an id
   * twice (two ingests racing, a retried edit) keeps the first and answers it.
   */
  async file(image: {
    id: string;
    ownerId: string;
    purpose: ImagePurpose;
    body: Buffer;
    contentType: string;
    extension: string;
    size: { width: number; height: number } | null;
    edit?: { sourceImageId: string; edit: ImageEdit };
  }): Promise<StoredImage> {
    const { id, ownerId, body } = image;
    const objectKey = `images/${ownerId}/${id}.${image.extension}`;
    await this.storage.put(objectKey, body, image.contentType);
    const print = image.contentType === 'image/svg+xml' ? null : await printRendition(body);
    const printObjectKey = print ? `images/${ownerId}/${id}.print.jpg` : null;
    if (print && printObjectKey) await this.storage.put(printObjectKey, print, 'image/jpeg');
    await this.images
      .createQueryBuilder()
      .insert()
      .values({
        id,
        ownerId,
        purpose: image.purpose,
        objectKey,
        contentType: image.contentType,
        byteSize: body.length,
        printObjectKey,
        printContentType: print ? 'image/jpeg' : null,
        width: image.size?.width ?? null,
        height: image.size?.height ?? null,
        sourceImageId: image.edit?.sourceImageId ?? null,
        edit: image.edit?.edit ?? null,
      })
      .orIgnore()
      .execute();
    return ownedBy(await this.images.findOneByOrFail({ id }), ownerId);
  }

  /** The owner's image row itself (edits read its source and layer). */
  async findOwned(ownerId: string, imageId: string): Promise<ImageEntity> {
    const image = await this.images.findOneBy({ id: imageId, ownerId });
    if (!image) throw new ServiceError('NOT_FOUND', messages.imageNotFound);
    return image;
  }

  /** The upright size, measured once for images filed before sizes were kept. */
  async sizeOf(image: ImageEntity): Promise<{ width: number; height: number }> {
    if (image.width && image.height) return { width: image.width, height: image.height };
    const size = await uprightSize(await this.storage.read(image.objectKey, Number.MAX_SAFE_INTEGER));
    await this.images.update({ id: image.id }, size);
    return size;
  }

  async readOriginal(image: ImageEntity): Promise<Buffer> {
    return this.storage.read(image.objectKey, Number.MAX_SAFE_INTEGER);
  }
  /** Decoded for real: within the pixel cap, and whole (see checkRasterImage). */
  private async refuseUndecodable(bytes: Buffer): Promise<void> {
    try {
      await checkRasterImage(bytes, this.config.IMAGE_MAX_PIXELS);
    } catch (error) {
      if (!(error instanceof ImageRefusedError)) throw error;
      const tooLarge = error.message === imageRefusals.tooManyPixels(this.config.IMAGE_MAX_PIXELS);
      throw new ServiceError(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE', error.message);
    }
  }

  async ownerOf(imageId: string): Promise<{ ownerId: string }> {
    const image = await this.images.findOne({ where: { id: imageId }, select: { id: true, ownerId: true } });
    if (!image) throw new ServiceError('NOT_FOUND', messages.imageNotFound);
    return { ownerId: image.ownerId };
  }

  async get(ownerId: string, imageId: string): Promise<StoredImage> {
    const image = await this.images.findOneBy({ id: imageId, ownerId });
    if (!image) throw new ServiceError('NOT_FOUND', messages.imageNotFound);
    return toStoredImage(image);
  }

  async resolve(ownerId: string, imageIds: string[]): Promise<StoredImage[]> {
    const unique = [...new Set(imageIds)];
    if (unique.length === 0) return [];
    return (await this.images.find({ where: { ownerId, id: In(unique) } })).map(toStoredImage);
  }

  async findForeign(ownerId: string, imageIds: string[]): Promise<string[]> {
    const unique = [...new Set(imageIds)];
    if (unique.length === 0) return [];
    const owned = await this.images.find({ select: { id: true }, where: { ownerId, id: In(unique) } });
    const ownedIds = new Set(owned.map((image) => image.id));
    return unique.filter((id) => !ownedIds.has(id));
  }

  private async readIncoming(key: string, maxBytes: number, label: string): Promise<Buffer> {
    try {
      return await this.storage.read(key, maxBytes);
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new ServiceError('PAYLOAD_TOO_LARGE', `Images must be ${label} or smaller`);
      if (!(await this.storage.exists(key))) throw new ServiceError('NOT_FOUND', 'The upload could not be found');
      throw error;
    }
  }
}

const toStoredImage = (image: ImageEntity): StoredImage => ({
  imageId: image.id,
  url: imageUrlFor(image.id),
  objectKey: image.objectKey,
  contentType: image.contentType,
  byteSize: image.byteSize,
  print: image.printObjectKey && image.printContentType ? { objectKey: image.printObjectKey, contentType: image.printContentType } : null,
});

/** An image id given twice names one image, and only its owner may get it that way. */
function ownedBy(image: ImageEntity, ownerId: string): StoredImage {
  if (image.ownerId !== ownerId) throw new ServiceError('CONFLICT', 'That image id is taken');
  return toStoredImage(image);
}
