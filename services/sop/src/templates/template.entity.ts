import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'templates' })
export class TemplateEntity {
  /** The stable slug from the catalogue file, so a re-seed updates in place. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  category!: string;

  @Column({ type: 'jsonb' })
  steps!: { title: string; details: string }[];

  @Column({ type: 'text' })
  checksum!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
