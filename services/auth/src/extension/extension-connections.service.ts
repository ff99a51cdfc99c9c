import { Inject, Injectable } from '@nestjs/common';
import { CONNECT_CODE_TTL_SECONDS, EXTENSION_TOKEN_PREFIX, extensionMessages, type ConnectCode, type ExtensionConnection, type SessionUser } from '@sopwright/contracts';
import { ServiceError, stableUuid } from '@sopwright/server-kit';
import { createHash, createHmac, randomInt } from 'node:crypto';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { UserEntity } from '../users/user.entity';
import { ConnectCodeEntity, ExtensionConnectionEntity } from './extension.entities';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A user may have a few codes open at once (two tabs, a retry); older ones are dropped. */
const OPEN_CODES_PER_USER = 5;
/** last_used_at is a hint for Settings, not an audit log: written at most once a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const normalizeCode = (code: string) => code.toUpperCase().replace(/-/g, '');

@Injectable()
export class ExtensionConnectionsService {
  private readonly codes: Repository<ConnectCodeEntity>;
  private readonly connections: Repository<ExtensionConnectionEntity>;
  private readonly users: Repository<UserEntity>;
  private readonly tokenKey: Buffer;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.codes = dataSource.getRepository(ConnectCodeEntity);
    this.connections = dataSource.getRepository(ExtensionConnectionEntity);
    this.users = dataSource.getRepository(UserEntity);
    this.tokenKey = createHmac('sha256', config.JWT_SECRET).update('sopwright extension tokens').digest();
  }

  async createCode(userId: string): Promise<ConnectCode> {
    const raw = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expiresAt = new Date(Date.now() + CONNECT_CODE_TTL_SECONDS * 1000);
    await this.codes.insert({ codeHash: sha256(raw), userId, expiresAt, usedAt: null });
    await this.dataSource.query(
      `DELETE FROM "auth"."extension_connect_codes" WHERE "user_id" = $1 AND "used_at" IS NULL AND "code_hash" NOT IN (
         SELECT "code_hash" FROM "auth"."extension_connect_codes" WHERE "user_id" = $1 AND "used_at" IS NULL ORDER BY "created_at" DESC LIMIT $2)`,
      [userId, OPEN_CODES_PER_USER],
    );
    return { code: `${raw.slice(0, 4)}-${raw.slice(4)}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Trades a code for a token, once. The token is derived from the code and the gateway's
   * request id, so the same request delivered twice (a replica taken over) answers the same
   * token, while anyone else presenting a used code gets nothing.
   */
  async redeem(code: string, name: string, requestId: string): Promise<{ token: string; connection: ExtensionConnection }> {
    const codeHash = sha256(normalizeCode(code));
    const token = EXTENSION_TOKEN_PREFIX + createHmac('sha256', this.tokenKey).update(`${codeHash}:${requestId}`).digest('base64url');
    const tokenHash = sha256(token);
    const connectionId = stableUuid(`extension-connection:${codeHash}`);
    const connection = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(ConnectCodeEntity, { where: { codeHash }, lock: { mode: 'pessimistic_write' } });
      if (!row) return null;
      if (row.usedAt) {
        const made = await manager.findOneBy(ExtensionConnectionEntity, { id: connectionId, tokenHash, revokedAt: IsNull() });
        return made;
      }
      if (row.expiresAt.getTime() < Date.now()) return null;
      await manager.update(ConnectCodeEntity, { codeHash }, { usedAt: new Date() });
      await manager.insert(ExtensionConnectionEntity, { id: connectionId, userId: row.userId, name, tokenHash, lastUsedAt: null, revokedAt: null });
      return manager.findOneByOrFail(ExtensionConnectionEntity, { id: connectionId });
    });
    if (!connection) throw new ServiceError('VALIDATION_FAILED', extensionMessages.codeInvalid);
    return { token, connection: toConnection(connection) };
  }

  async list(userId: string): Promise<ExtensionConnection[]> {
    const rows = await this.connections.find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
    return rows.map(toConnection);
  }

  /** Disconnects at once; disconnecting twice is fine, another user's connection is not found. */
  async revoke(userId: string, connectionId: string): Promise<void> {
    const row = await this.connections.findOneBy({ id: connectionId, userId });
    if (!row) throw new ServiceError('NOT_FOUND', extensionMessages.connectionNotFound);
    if (!row.revokedAt) await this.connections.update({ id: connectionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async verify(token: string): Promise<{ user: SessionUser; connection: ExtensionConnection }> {
    const invalid = new ServiceError('NOT_FOUND', extensionMessages.tokenInvalid);
    if (!token.startsWith(EXTENSION_TOKEN_PREFIX)) throw invalid;
    const row = await this.connections.findOneBy({ tokenHash: sha256(token), revokedAt: IsNull() });
    if (!row) throw invalid;
    const user = await this.users.findOneBy({ id: row.userId });
    if (!user) throw invalid;
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.connections.update({ id: row.id }, { lastUsedAt: now });
      row.lastUsedAt = now;
    }
    return { user: { id: user.id, email: user.email }, connection: toConnection(row) };
  }
}

const toConnection = (row: ExtensionConnectionEntity): ExtensionConnection => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});
