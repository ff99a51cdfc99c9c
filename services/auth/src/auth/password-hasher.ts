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

  /** Without a hash (unknown user) the decoy is checked anyway, and the answer is always no. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.decoyHash), password);
      return hash !== undefined && matches;
    } catch {
      return false;
    }
  }
}
