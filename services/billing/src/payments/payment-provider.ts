import type { BillingProduct, CheckoutUrlResponse } from '@sopwright/contracts';
import { messages } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import type { EntityManager } from 'typeorm';
import { entitlements } from './entitlements';
import { isSubscription } from './products';

export interface Customer {
  userId: string;
  email: string;
}

/** Where users pay: Stripe when a key is configured, else the app's own test-mode checkout. */
export interface PaymentProvider {
  /** `requestId`: the same on every delivery of one request, so a redelivered start opens one checkout. */
  startCheckout(customer: Customer, product: BillingProduct, requestId?: string): Promise<CheckoutUrlResponse>;
  openPortal(customer: Customer): Promise<CheckoutUrlResponse>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** A second Pro subscription would charge twice for the same thing. */
export async function refuseSecondSubscription(manager: EntityManager, userId: string, product: BillingProduct): Promise<void> {
  if (isSubscription(product) && (await entitlements.liveSubscription(manager, userId))) {
    throw new ServiceError('CONFLICT', messages.alreadyPro);
  }
}
