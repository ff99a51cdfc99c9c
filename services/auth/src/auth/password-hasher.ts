import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow on purpose. */
@Injectable()
export class PasswordHasher {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private readonly decoyHash = argon2.hash('sopwright-decoy-password');

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoyHash), password);
    } catch {
      return false;
    }
  }
}
