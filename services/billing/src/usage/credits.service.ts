import { Inject, Injectable } from '@nestjs/common';
import { generationRefusal, messages, type CreditReservation, type PlanType, type Usage } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import { liveSubscriptionStatuses, SubscriptionEntity } from '../payments/payment.entities';
import { abandonedRefunds, creditRefusals, creditsMoved } from '../billing-metrics';
import { reconcilePlan } from '../plans/plan-reconciler';
import { AccountEntity, CreditEntryEntity, CreditReservationEntity } from './billing.entities';
import type { GenerationFates } from './generation-fates';
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
    const created = { charged: undefined as boolean | undefined };
    try {
      const uncharged = await this.reserveUncharged(userId, key);
      if (uncharged) return uncharged;
      const reservation = await this.dataSource.transaction(async (manager) => {
        const account = await this.lockAccount(manager, userId);
        const existing = await manager.findOneBy(CreditReservationEntity, { userId, key });
        if (existing) return toReservation(existing);

        const refusal = generationRefusal({ planType: account.planType, credits: await this.balance(manager, userId) });
        if (refusal) throw new ServiceError(refusal, refusal === 'PLAN_REQUIRED' ? messages.planRequired : messages.noCredits);
        const charged = account.planType !== 'pro';

        const reservation = await manager.save(manager.create(CreditReservationEntity, { userId, key, charged, status: 'reserved' }));
        if (charged) await manager.insert(CreditEntryEntity, { userId, delta: -1, kind: 'reserve', key, reason: 'SOP generation' });
        created.charged = charged;
        return toReservation(reservation);
      });
      // Counted once committed; a repeated key returns the first reservation and counts nothing.
      if (created.charged !== undefined) creditsMoved.inc({ operation: 'reserved', charged: String(created.charged) });
      return reservation;
    } catch (error) {
      if (error instanceof ServiceError && (error.code === 'PLAN_REQUIRED' || error.code === 'NO_CREDITS')) creditRefusals.inc({ reason: error.code });
      throw error;
    }
  }

  async commit(reservationId: string): Promise<CreditReservation> {
    return (await this.transition(reservationId, 'committed')).reservation;
  }

  /** Gives the credit back after a failed generation. Refunding twice refunds once. */
  async refund(reservationId: string, reason = 'Generation failed'): Promise<CreditReservation> {
    return (await this.transition(reservationId, 'refunded', reason)).reservation;
  }

  /** Settles a reservation, saying whether this call moved it (settling again is a no-op). */
  private async transition(reservationId: string, to: 'committed' | 'refunded', reason?: string): Promise<{ reservation: CreditReservation; moved: boolean }> {
    const uncharged = await this.settleUncharged(reservationId, to);
    return uncharged ? { reservation: uncharged, moved: true } : this.settle(reservationId, to, reason);
  }

  /**
   * Pro generations charge nothing, so they need neither the account lock nor the ledger: when
   * the plan is Pro and reconciling it now would change nothing (a live subscription, or a plan
   * set without one), the reservation is recorded alone, idempotent by its unique (user, key).
   * Anything else (Free, Starter, a subscription that may have lapsed) takes the locked path.
   */
  private async reserveUncharged(userId: string, key: string): Promise<CreditReservation | null> {
    const manager = this.dataSource.manager;
    const account = await manager.findOneBy(AccountEntity, { userId });
    if (account?.planType !== 'pro') return null;
    const now = new Date();
    const subscriptions = await manager.find(SubscriptionEntity, { where: { userId } });
    const settledPro =
      subscriptions.length === 0 ||
      subscriptions.some((subscription) => liveSubscriptionStatuses.includes(subscription.status) && (subscription.provider !== 'local' || (subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd > now)));
    if (!settledPro) return null;
    const inserted = await manager.createQueryBuilder().insert().into(CreditReservationEntity).values({ userId, key, charged: false, status: 'reserved' }).orIgnore().returning('id').execute();
    if ((inserted.raw as unknown[]).length > 0) creditsMoved.inc({ operation: 'reserved', charged: 'false' });
    const reservation = await manager.findOneByOrFail(CreditReservationEntity, { userId, key });
    // A key first reserved on a charged plan keeps that reservation and its locked settling.
    return toReservation(reservation);
  }

  /** Settles a reservation that charged nothing with one conditional update; null sends it down the locked path. */
  private async settleUncharged(reservationId: string, to: 'committed' | 'refunded'): Promise<CreditReservation | null> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(CreditReservationEntity)
      .set({ status: to, settledAt: () => 'now()' })
      .where('id = :id AND status = :reserved AND charged = false', { id: reservationId, reserved: 'reserved' })
      .returning(['id', 'status', 'charged'])
      .execute();
    const row = (result.raw as { id: string; status: CreditReservation['status']; charged: boolean }[])[0];
    if (row) creditsMoved.inc({ operation: to, charged: 'false' });
    return row ? { reservationId: row.id, status: row.status, charged: row.charged } : null;
  }

  /**
   * Holds nobody settled within the time a generation takes, settled by what became of their
   * generation: refunded when it is gone, committed when it finished (its SOP exists; the
   * settlement was lost), left alone while it still runs (retried under faults, it can outlive
   * the cut-off and still save its SOP).
   */
  async settleAbandoned(heldBefore: Date, fates: GenerationFates, pageSize = 100): Promise<{ refunded: number; committed: number }> {
    const settled = { refunded: 0, committed: 0 };
    // Holds still running stay in the table; paging past them keeps one long generation from hiding the holds after it.
    let stillRunning = 0;
    for (;;) {
      const page = await this.abandonedPage(heldBefore, stillRunning, pageSize);
      stillRunning += await this.settlePage(page, fates, settled);
      if (page.length < pageSize) break;
    }
    if (settled.refunded > 0) abandonedRefunds.inc(settled.refunded);
    return settled;
  }

  private abandonedPage(heldBefore: Date, skip: number, take: number): Promise<Pick<CreditReservationEntity, 'id' | 'key'>[]> {
    return this.dataSource.getRepository(CreditReservationEntity).find({
      select: { id: true, key: true },
      where: { status: 'reserved', createdAt: LessThan(heldBefore) },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip,
      take,
    });
  }

  /** Settles one page of abandoned holds by their generation's fate; how many were left because their generation still runs. */
  private async settlePage(page: Pick<CreditReservationEntity, 'id' | 'key'>[], fates: GenerationFates, settled: { refunded: number; committed: number }): Promise<number> {
    let running = 0;
    for (const { id, key } of page) {
      const fate = await fates.fateOf(key);
      if (fate === 'running') {
        running++;
        continue;
      }
      // Another billing replica, or the generation's own settlement, may settle it first: settling is
      // idempotent, and a hold already settled the other way is left as it is.
      const to = fate === 'finished' ? 'committed' : 'refunded';
      const outcome = await this.transition(id, to, 'Generation did not finish').catch((error: unknown) => {
        if (error instanceof ServiceError && error.code === 'CONFLICT') return undefined;
        throw error;
      });
      if (outcome?.moved) settled[to]++;
    }
    return running;
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

  private async settle(reservationId: string, to: 'committed' | 'refunded', reason = 'Generation failed'): Promise<{ reservation: CreditReservation; moved: boolean }> {
    const moved = { charged: undefined as boolean | undefined };
    const settled = await this.dataSource.transaction(async (manager) => {
      const found = await manager.findOneBy(CreditReservationEntity, { id: reservationId });
      if (!found) throw new ServiceError('NOT_FOUND', 'Reservation not found');
      await this.lockAccount(manager, found.userId);
      const reservation = await manager.findOneByOrFail(CreditReservationEntity, { id: reservationId });
      if (reservation.status === to) return toReservation(reservation);
      if (reservation.status !== 'reserved') throw new ServiceError('CONFLICT', `Reservation is already ${reservation.status}`);

      if (to === 'refunded' && reservation.charged) {
        await manager.insert(CreditEntryEntity, { userId: reservation.userId, delta: 1, kind: 'refund', key: reservation.key, reason });
      }
      reservation.status = to;
      reservation.settledAt = new Date();
      moved.charged = reservation.charged;
      return toReservation(await manager.save(reservation));
    });
    // Only the settlement that changed it counts: settling again is a no-op.
    if (moved.charged !== undefined) creditsMoved.inc({ operation: to, charged: String(moved.charged) });
    return { reservation: settled, moved: moved.charged !== undefined };
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
