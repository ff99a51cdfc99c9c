import { createServiceDataSource } from '@sopwright/server-kit';
import { AccountEntity, CreditEntryEntity, CreditReservationEntity, PlanChangeEntity } from '../usage/billing.entities';
import { LocalCheckoutEntity, StripeCustomerEntity, StripeEventEntity, SubscriptionEntity } from '../payments/payment.entities';
import { CreateCreditLedger1763900100000 } from './migrations/1763900100000-create-credit-ledger';
import { CreatePayments1763900700000 } from './migrations/1763900700000-create-payments';

export const BILLING_SCHEMA = 'billing';

export const createBillingDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: BILLING_SCHEMA,
    entities: [
      AccountEntity,
      CreditEntryEntity,
      CreditReservationEntity,
      PlanChangeEntity,
      SubscriptionEntity,
      StripeEventEntity,
      StripeCustomerEntity,
      LocalCheckoutEntity,
    ],
    migrations: [CreateCreditLedger1763900100000, CreatePayments1763900700000],
  });
