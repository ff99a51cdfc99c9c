import type { ImageEdit, ImagePurpose } from '@sopwright/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'images' })
@Index('images_owner_idx', ['ownerId'])
export class ImageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  purpose!: ImagePurpose;

  @Column({ name: 'object_key', type: 'text' })
  objectKey!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize!: number;

  /** The print-size rendition exports embed; null when the original is already as small (or for SVG). */
  @Column({ name: 'print_object_key', type: 'text', nullable: true })
  printObjectKey!: string | null;

  @Column({ name: 'print_content_type', type: 'text', nullable: true })
  printContentType!: string | null;

  /** Upright size in pixels (EXIF orientation applied); null for images filed before sizes were kept. */
  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  /** For an edited image: the untouched original it was drawn from, and the layer drawn. */
  @Column({ name: 'source_image_id', type: 'uuid', nullable: true })
  sourceImageId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  edit!: ImageEdit | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
