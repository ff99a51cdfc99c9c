import type { PlanType } from '@sopwright/contracts';
import type { EntityManager } from 'typeorm';
import { AccountEntity, CreditEntryEntity, PlanChangeEntity } from './billing.entities';

/**
 * The ledger's primitives, run inside a caller's transaction. Every change to a user's
 * credits or plan first takes the account row lock, which serialises that user's changes.
 */
export const ledger = {
  /** New users are free with no credits: their account row appears on first use. */
  async lockAccount(manager: EntityManager, userId: string): Promise<AccountEntity> {
    await manager.createQueryBuilder().insert().into(AccountEntity).values({ userId, planType: 'free' }).orIgnore().execute();
    return manager.findOneOrFail(AccountEntity, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  },

  async balance(manager: EntityManager, userId: string): Promise<number> {
    const row = await manager
      .createQueryBuilder(CreditEntryEntity, 'entry')
      .select('COALESCE(SUM(entry.delta), 0)::int', 'balance')
      .where('entry.user_id = :userId', { userId })
      .getRawOne<{ balance: number }>();
    return Math.max(0, row?.balance ?? 0);
  },

  /** Adds credits once per key; answers whether this call added them. */
  async grant(manager: EntityManager, account: AccountEntity, credits: number, key: string, reason: string): Promise<boolean> {
    const { userId } = account;
    if (await manager.existsBy(CreditEntryEntity, { userId, kind: 'grant', key })) return false;
    await manager.insert(CreditEntryEntity, { userId, delta: credits, kind: 'grant', key, reason });
    // Buying credits moves a free user onto the Starter plan; Pro stays Pro and keeps them for later.
    if (account.planType === 'free') await ledger.changePlan(manager, account, 'starter', reason);
    return true;
  },

  /** Whether the user ever bought credits: the plan they fall back to when Pro ends. */
  hasBoughtCredits(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(CreditEntryEntity, { userId, kind: 'grant' });
  },

  async changePlan(manager: EntityManager, account: AccountEntity, toPlan: PlanType, reason: string): Promise<void> {
    if (account.planType === toPlan) return;
    await manager.insert(PlanChangeEntity, { userId: account.userId, fromPlan: account.planType, toPlan, reason });
    account.planType = toPlan;
    await manager.save(account);
  },
};
