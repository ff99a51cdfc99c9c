import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthResponse, LoginRequest, RegisterRequest, SessionClaims, SessionUser } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { PasswordHasher } from './password-hasher';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class AuthService {
  private readonly users: Repository<UserEntity>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(JwtService) private readonly jwt: JwtService,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /**
   * `redelivered`: another replica took this request over, and may have created the account
   * before it died. Then the account that exists with this very password is this request's
   * own, and the answer is its session (as a login would give), never "email taken".
   */
  async register({ email, password }: RegisterRequest, { redelivered = false } = {}): Promise<AuthResponse> {
    const passwordHash = await this.hasher.hash(password);
    try {
      const user = await this.users.save(this.users.create({ email, passwordHash }));
      return this.issueSession(user);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        const existing = redelivered ? await this.users.findOneBy({ email }) : null;
        if (existing && (await this.hasher.verify(existing.passwordHash, password))) return this.issueSession(existing);
        throw new ServiceError('EMAIL_TAKEN');
      }
      throw error;
    }
  }

  /** Unknown email and wrong password are the same failure, by design. */
  async login({ email, password }: LoginRequest): Promise<AuthResponse> {
    const user = await this.users.findOneBy({ email });
    const valid = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !valid) throw new ServiceError('INVALID_CREDENTIALS');
    return this.issueSession(user);
  }

  async ping(): Promise<{ ok: true }> {
    await this.dataSource.query('SELECT 1');
    return { ok: true };
  }

  async getUser(userId: string): Promise<SessionUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new ServiceError('NOT_FOUND', 'User not found');
    return { id: user.id, email: user.email };
  }

  private async issueSession(user: UserEntity): Promise<AuthResponse> {
    const claims: SessionClaims = { sub: user.id, email: user.email };
    return { token: await this.jwt.signAsync(claims), user: { id: user.id, email: user.email } };
  }
}
