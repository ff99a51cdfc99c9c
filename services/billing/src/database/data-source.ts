import { createServiceDataSource } from '@sopwright/server-kit';
import { AccountEntity, CreditEntryEntity, CreditReservationEntity, PlanChangeEntity } from '../usage/billing.entities';
import { CreateCreditLedger1763900100000 } from './migrations/1763900100000-create-credit-ledger';

export const BILLING_SCHEMA = 'billing';

export const createBillingDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: BILLING_SCHEMA,
    entities: [AccountEntity, CreditEntryEntity, CreditReservationEntity, PlanChangeEntity],
    migrations: [CreateCreditLedger1763900100000],
  });
