import type { ImagePurpose } from '@sopwright/contracts';
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
