import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  authMessages,
  loginRequestSchema,
  registerRequestSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type SessionUser,
} from '@sopwright/contracts';
import { ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTH_SERVICE } from '../rpc/service-clients';
import { clientAddress } from './client-address';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { PresentedSession } from './jwt.strategy';
import { SessionRevocations } from './session-revocations';
import { SignInThrottle, TooManyAttemptsException } from './sign-in-throttle';
import { CurrentUser, OptionalSessionGuard, SessionGuard } from './session.guard';

@Controller('api/auth')
export class AuthController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {}

  @Post('register')
  async register(
    @Body({ schema: registerRequestSchema }) body: RegisterRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    await this.throttled(res, () => this.throttle.beforeSignUp(clientAddress(req)));
    return this.startSession(await this.auth.send(authMessages.register, body), res);
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(@Body({ schema: loginRequestSchema }) body: LoginRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    const address = clientAddress(req);
    const account = body.email; // normalised by the schema
    await this.throttled(res, () => this.throttle.beforeLogin(address, account));
    let session: AuthResponse;
    try {
      session = await this.auth.send(authMessages.login, body);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'INVALID_CREDENTIALS') await this.throttle.loginFailed(address, account);
      throw error;
    }
    await this.throttle.loginSucceeded(address, account);
    return this.startSession(session, res);
  }

  /** Ends this session: its token stops working at once, on every gateway. */
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(OptionalSessionGuard)
  async logout(@Req() req: Request & PresentedSession, @Res({ passthrough: true }) res: Response): Promise<void> {
    if (req.presentedSession) await this.revocations.revokeToken(req.presentedSession.token, req.presentedSession.expiresAt);
    clearSessionCookie(res, this.config.COOKIE_SECURE);
  }

  /** Ends every session of the signed-in user, on every device. */
  @Post('logout-all')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(SessionGuard)
  async logoutEverywhere(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.revocations.revokeAll(user.id);
    clearSessionCookie(res, this.config.COOKIE_SECURE);
  }

  @Get('me')
  @UseGuards(SessionGuard)
  me(@CurrentUser() user: SessionUser): SessionUser {
    return user;
  }

  private async throttled(res: Response, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      if (error instanceof TooManyAttemptsException) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  private startSession(session: AuthResponse, res: Response): AuthResponse {
    setSessionCookie(res, session.token, this.config.COOKIE_SECURE, this.config.JWT_TTL_SECONDS);
    return session;
  }
}
