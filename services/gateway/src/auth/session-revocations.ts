import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ServiceError } from '@sopwright/server-kit';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const revokedKey = (token: string) => `session:revoked:${createHash('sha256').update(token).digest('hex')}`;
const notBeforeKey = (userId: string) => `session:not-before:${userId}`;

/**
 * Ends sessions before their token expires: one token at logout, or every token a user
 * holds ("log out everywhere"). Kept in Redis, so every gateway replica sees it at once;
 * entries expire with the longest-lived token they could refuse.
 */
@Injectable()
export class SessionRevocations implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2000, enableOfflineQueue: false, lazyConnect: false });
    this.redis.on('error', () => undefined); // a failed check answers 503 instead
  }

  async isRevoked(token: string, userId: string, issuedAtSeconds: number): Promise<boolean> {
    try {
      const [revoked, notBefore] = await this.redis.mget(revokedKey(token), notBeforeKey(userId));
      return revoked !== null || (notBefore !== null && issuedAtSeconds < Number(notBefore));
    } catch {
      throw new ServiceError('UNAVAILABLE', 'Sessions cannot be checked right now');
    }
  }

  async revokeToken(token: string, expiresAtSeconds: number): Promise<void> {
    const ttl = Math.max(1, expiresAtSeconds - Math.floor(Date.now() / 1000));
    await this.redis.set(revokedKey(token), '1', 'EX', ttl);
  }

  /** Every token issued before now stops working; the caller's next login starts afresh. */
  async revokeAll(userId: string): Promise<void> {
    await this.redis.set(notBeforeKey(userId), String(Math.floor(Date.now() / 1000) + 1), 'EX', this.config.JWT_TTL_SECONDS);
  }

  /** For the gateway's readiness: its Redis answers. */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
