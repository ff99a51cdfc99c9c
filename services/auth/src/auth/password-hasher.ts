import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes): slow on purpose. At most
 * two hashes run at once, so a burst of logins queues here instead of taking
 * every core from the rest of the service.
 */
@Injectable()
export class PasswordHasher {
  private readonly concurrency = 2;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** Verified against when the email is unknown, so both failures take the same time. */
  private readonly decoyHash = argon2.hash('sopwright-decoy-password');

  hash(password: string): Promise<string> {
    return this.limited(() => argon2.hash(password, { type: argon2.argon2id }));
  }

  /** Without a hash (unknown user) the decoy is checked anyway, and the answer is always no. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const against = hash ?? (await this.decoyHash);
      const matches = await this.limited(() => argon2.verify(against, password));
      return hash !== undefined && matches;
    } catch {
      return false;
    }
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
