import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { messages, SESSION_COOKIE, sessionClaimsSchema, type SessionUser } from '@sopwright/contracts';
import type { Request } from 'express';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionRevocations } from './session-revocations';

/** The token a request was signed in with, for logout to revoke. */
export interface PresentedSession {
  presentedSession?: { token: string; expiresAt: number };
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cookie exists for new tabs (exports, images), which only read. A request that changes
 * something may use it only when the browser says it comes from this very origin: a page on a
 * sibling subdomain is "same-site" and would otherwise ride on the cookie (CSRF).
 */
export function cookieAllowed(req: Request): boolean {
  if (safeMethods.has(req.method)) return true;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = req.get('origin');
  return origin !== undefined && origin === `${req.protocol}://${req.get('host')}`;
}

const fromSessionCookie = (req: Request): string | null => {
  const value: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 && cookieAllowed(req) ? value : null;
};

const extractToken = ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromSessionCookie]);
const issuedClaims = z.object({ iat: z.number(), exp: z.number() });

/** Accepts the bearer header first, then the session cookie; refuses revoked sessions. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {
    super({
      jwtFromRequest: extractToken,
      // A key built once: given the string, jsonwebtoken builds a KeyObject on every request
      // (about 400 µs, a third of the gateway's CPU on signed-in reads). It accepts a KeyObject
      // as it is; passport-jwt's types only know strings and buffers.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(req: Request & PresentedSession, payload: unknown): Promise<SessionUser> {
    const claims = sessionClaimsSchema.and(issuedClaims).safeParse(payload);
    const token = extractToken(req);
    if (!claims.success || !token) throw new UnauthorizedException(messages.unauthorized);
    if (await this.revocations.isRevoked(token, claims.data.sub, claims.data.iat)) throw new UnauthorizedException(messages.unauthorized);
    req.presentedSession = { token, expiresAt: claims.data.exp };
    return { id: claims.data.sub, email: claims.data.email };
  }
}
