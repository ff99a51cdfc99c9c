import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { messages, SESSION_COOKIE, sessionClaimsSchema, type SessionUser } from '@sopwright/contracts';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const fromSessionCookie = (req: Request): string | null => {
  const value: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** Accepts the bearer header first, then the session cookie. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromSessionCookie]),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: unknown): SessionUser {
    const claims = sessionClaimsSchema.safeParse(payload);
    if (!claims.success) throw new UnauthorizedException(messages.unauthorized);
    return { id: claims.data.sub, email: claims.data.email };
  }
}
