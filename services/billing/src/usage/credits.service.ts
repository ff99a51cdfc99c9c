import { Inject, Injectable } from '@nestjs/common';
import { messages, type CreditReservation, type PlanType, type Usage } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { reconcilePlan } from '../plans/plan-reconciler';
import { type AccountEntity, CreditEntryEntity, CreditReservationEntity } from './billing.entities';
import { ledger } from './ledger';

/**
 * Credits move only inside a transaction that holds the user's account row lock, so two
 * reservations racing for the last credit are serialised and exactly one wins.
 */
@Injectable()
export class CreditsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async usage(userId: string): Promise<Usage> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, userId);
      return { planType: account.planType, credits: await this.balance(manager, userId) };
    });
  }

  async reserve(userId: string, key: string): Promise<CreditReservation> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, userId);
      const existing = await manager.findOneBy(CreditReservationEntity, { userId, key });
      if (existing) return toReservation(existing);

      if (account.planType === 'free') throw new ServiceError('PLAN_REQUIRED', messages.planRequired);
      const charged = account.planType !== 'pro';
      if (charged && (await this.balance(manager, userId)) < 1) throw new ServiceError('NO_CREDITS', messages.noCredits);

      const reservation = await manager.save(manager.create(CreditReservationEntity, { userId, key, charged, status: 'reserved' }));
      if (charged) await manager.insert(CreditEntryEntity, { userId, delta: -1, kind: 'reserve', key, reason: 'SOP generation' });
      return toReservation(reservation);
    });
  }

  async commit(reservationId: string): Promise<CreditReservation> {
    return this.settle(reservationId, 'committed');
  }

  /** Gives the credit back after a failed generation. Refunding twice refunds once. */
  async refund(reservationId: string): Promise<CreditReservation> {
    return this.settle(reservationId, 'refunded');
  }

  async grant(userId: string, credits: number, key: string, reason: string): Promise<Usage> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, userId);
      await ledger.grant(manager, account, credits, key, reason);
      return { planType: account.planType, credits: await this.balance(manager, userId) };
    });
  }

  async setPlan(userId: string, planType: PlanType, reason: string): Promise<Usage> {
    return this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, userId);
      await ledger.changePlan(manager, account, planType, reason);
      return { planType: account.planType, credits: await this.balance(manager, userId) };
    });
  }

  private async settle(reservationId: string, to: 'committed' | 'refunded'): Promise<CreditReservation> {
    return this.dataSource.transaction(async (manager) => {
      const found = await manager.findOneBy(CreditReservationEntity, { id: reservationId });
      if (!found) throw new ServiceError('NOT_FOUND', 'Reservation not found');
      await this.lockAccount(manager, found.userId);
      const reservation = await manager.findOneByOrFail(CreditReservationEntity, { id: reservationId });
      if (reservation.status === to) return toReservation(reservation);
      if (reservation.status !== 'reserved') throw new ServiceError('CONFLICT', `Reservation is already ${reservation.status}`);

      if (to === 'refunded' && reservation.charged) {
        await manager.insert(CreditEntryEntity, { userId: reservation.userId, delta: 1, kind: 'refund', key: reservation.key, reason: 'Generation failed' });
      }
      reservation.status = to;
      reservation.settledAt = new Date();
      return toReservation(await manager.save(reservation));
    });
  }

  /** Locks the user's account and brings the plan up to date with their subscriptions. */
  private async lockAccount(manager: EntityManager, userId: string): Promise<AccountEntity> {
    const account = await ledger.lockAccount(manager, userId);
    await reconcilePlan(manager, account);
    return account;
  }

  private balance(manager: EntityManager, userId: string): Promise<number> {
    return ledger.balance(manager, userId);
  }
}

const toReservation = (entity: CreditReservationEntity): CreditReservation => ({
  reservationId: entity.id,
  status: entity.status,
  charged: entity.charged,
});
