import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ServiceError } from '@sopwright/server-kit';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Answered 429 with how long to wait; the controller also sends it as Retry-After. */
export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Limits password guessing and sign-up floods, in Redis so the limits hold across gateway
 * replicas. Every attempt from an address counts against that address; failed logins count
 * against the account from that address (so one attacker cannot lock everyone out) and,
 * with a higher bar, against the account from anywhere. Checked before any password is hashed.
 */
@Injectable()
export class SignInThrottle implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly attemptsPerAddress: RateLimiterRedis;
  private readonly signUpsPerAddress: RateLimiterRedis;
  private readonly failuresPerAccountAndAddress: RateLimiterRedis;
  private readonly failuresPerAccount: RateLimiterRedis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2000, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // a failed check answers 503 instead
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `throttle:${keyPrefix}`, points, duration });
    this.attemptsPerAddress = limiter('sign-in:address', config.AUTH_ATTEMPTS_PER_ADDRESS, 15 * 60);
    this.signUpsPerAddress = limiter('sign-up:address', config.AUTH_SIGN_UPS_PER_ADDRESS, 3600);
    this.failuresPerAccountAndAddress = limiter('login-failed:account-address', config.AUTH_FAILURES_PER_ACCOUNT, 15 * 60);
    this.failuresPerAccount = limiter('login-failed:account', config.AUTH_FAILURES_PER_ACCOUNT * 10, 3600);
  }

  async beforeLogin(address: string, email: string): Promise<void> {
    await this.consume(this.attemptsPerAddress, address);
    await this.refuseIfSpent(this.failuresPerAccountAndAddress, `${email}|${address}`);
    await this.refuseIfSpent(this.failuresPerAccount, email);
  }

  async loginFailed(address: string, email: string): Promise<void> {
    await Promise.all([
      this.failuresPerAccountAndAddress.penalty(`${email}|${address}`).catch(() => undefined),
      this.failuresPerAccount.penalty(email).catch(() => undefined),
    ]);
  }

  /** The owner got in from here: their earlier typos from here are forgiven. */
  async loginSucceeded(address: string, email: string): Promise<void> {
    await this.failuresPerAccountAndAddress.delete(`${email}|${address}`).catch(() => undefined);
  }

  async beforeSignUp(address: string): Promise<void> {
    await this.consume(this.attemptsPerAddress, address);
    await this.consume(this.signUpsPerAddress, address);
  }

  /** Trading a connect code for an extension token is guessing a secret too: it counts like a sign-in attempt. */
  async beforeExtensionConnect(address: string): Promise<void> {
    await this.consume(this.attemptsPerAddress, address);
  }

  private async consume(limiter: RateLimiterRedis, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      throw this.refusal(rejection);
    }
  }

  private async refuseIfSpent(limiter: RateLimiterRedis, key: string): Promise<void> {
    let state: RateLimiterRes | null;
    try {
      state = await limiter.get(key);
    } catch (error) {
      throw this.refusal(error);
    }
    if (state && state.consumedPoints >= limiter.points) throw new TooManyAttemptsException(Math.ceil(state.msBeforeNext / 1000));
  }

  private refusal(rejection: unknown): Error {
    if (rejection instanceof RateLimiterRes) return new TooManyAttemptsException(Math.ceil(rejection.msBeforeNext / 1000));
    return new ServiceError('UNAVAILABLE', 'Sign-in is unavailable right now');
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
