import type { GeneratedBy, SopOrigin, SopStatus, SourceType, Step } from '@sopwright/contracts';
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

  /** Review: draft, in review, or approved (editing an approved SOP makes it a draft again). */
  @Column({ type: 'text', default: 'draft' })
  status!: SopStatus;

  /** The person it belongs to (who made it); null for SOPs made before review existed, or seeded. */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true })
  ownerUserId!: string | null;

  @Column({ name: 'approver_id', type: 'uuid', nullable: true })
  approverId!: string | null;

  /** The version readers (viewers, share links) see once one was approved. */
  @Column({ name: 'approved_version', type: 'integer', nullable: true })
  approvedVersion!: number | null;

  @Column({ name: 'approved_by', type: 'uuid', nullable: true })
  approvedBy!: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'review_interval_months', type: 'integer', nullable: true })
  reviewIntervalMonths!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
