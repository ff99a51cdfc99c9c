import type { Step } from '@sopwright/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An SOP as it was before a save or restore replaced it. Rows are never changed. */
@Entity({ name: 'sop_versions' })
@Index('sop_versions_sop_version_key', ['sopId', 'version'], { unique: true })
export class SopVersionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'sop_id', type: 'uuid' })
  sopId!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'jsonb' })
  steps!: Step[];

  /** When this content was saved (the SOP's updated_at at the time). */
  @Column({ name: 'saved_at', type: 'timestamptz' })
  savedAt!: Date;
}
