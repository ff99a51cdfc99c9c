import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BillingProduct } from '@sopwright/contracts';

export type SubscriptionProvider = 'stripe' | 'local';
/** Stripe's subscription statuses; local subscriptions use 'active' and 'canceled'. */
export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';
/** Statuses in which the user keeps Pro. */
export const liveSubscriptionStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** A Pro subscription as we last heard of it, from Stripe's events or the local checkout. */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  /** Stripe's subscription id, or `local_<checkout id>`. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  provider!: SubscriptionProvider;

  @Column({ type: 'text' })
  product!: BillingProduct;

  @Column({ type: 'text' })
  status!: SubscriptionStatus;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /** Creation time of the newest provider event applied; older events arriving late are ignored. */
  @Column({ name: 'last_event_at', type: 'timestamptz' })
  lastEventAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Each Stripe event id once: a redelivered event is acknowledged and changes nothing. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}

@Entity({ name: 'stripe_customers' })
export class StripeCustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'customer_id', type: 'text', unique: true })
  customerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** An order of the local (test mode) checkout. */
@Entity({ name: 'local_checkouts' })
export class LocalCheckoutEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  product!: BillingProduct;

  @Column({ type: 'text', default: 'open' })
  status!: 'open' | 'completed';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
