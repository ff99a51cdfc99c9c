import type { PlanType } from '@sopwright/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The current plan of a user. Locked while credits move, which serialises one user's spending. */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'plan_type', type: 'text', default: 'free' })
  planType!: PlanType;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export type CreditEntryKind = 'grant' | 'reserve' | 'refund';

/** Append-only: the balance is the sum of deltas; nothing here is ever updated or deleted. */
@Entity({ name: 'credit_entries' })
export class CreditEntryEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer' })
  delta!: number;

  @Column({ type: 'text' })
  kind!: CreditEntryKind;

  /** Unique per user and kind: the same grant or reservation never counts twice. */
  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text', default: '' })
  reason!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export type ReservationStatus = 'reserved' | 'committed' | 'refunded';

@Entity({ name: 'credit_reservations' })
export class CreditReservationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text', default: 'reserved' })
  status!: ReservationStatus;

  @Column({ type: 'boolean' })
  charged!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}

@Entity({ name: 'plan_changes' })
export class PlanChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'from_plan', type: 'text' })
  fromPlan!: PlanType;

  @Column({ name: 'to_plan', type: 'text' })
  toPlan!: PlanType;

  @Column({ type: 'text' })
  reason!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
