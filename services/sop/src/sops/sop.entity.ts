import type { GeneratedBy, SopOrigin, SourceType, Step } from '@sopwright/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'sops' })
@Index('sops_owner_created_idx', ['ownerId', 'createdAt'])
export class SopEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'source_type', type: 'text' })
  sourceType!: SourceType;

  @Column({ type: 'text' })
  origin!: SopOrigin;

  @Column({ type: 'jsonb' })
  steps!: Step[];

  @Column({ type: 'text', nullable: true })
  transcript!: string | null;

  /** Which structurer drafted a generated SOP (offline marks a keyless draft); null otherwise. */
  @Column({ name: 'generated_by', type: 'jsonb', nullable: true })
  generatedBy!: GeneratedBy | null;

  /** Set by generations: a retry with the same key gets the SOP already saved. */
  @Column({ name: 'creation_key', type: 'text', nullable: true })
  creationKey!: string | null;

  /** Counts saves; the versions table holds every earlier one. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
