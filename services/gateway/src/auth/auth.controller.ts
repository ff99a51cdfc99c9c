import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Res, UseGuards } from '@nestjs/common';
import {
  authMessages,
  loginRequestSchema,
  registerRequestSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type SessionUser,
} from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTH_SERVICE } from '../rpc/service-clients';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { CurrentUser, SessionGuard } from './session.guard';

@Controller('api/auth')
export class AuthController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('register')
  async register(
    @Body({ schema: registerRequestSchema }) body: RegisterRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    return this.startSession(await this.auth.send(authMessages.register, body), res);
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(@Body({ schema: loginRequestSchema }) body: LoginRequest, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    return this.startSession(await this.auth.send(authMessages.login, body), res);
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  logout(@Res({ passthrough: true }) res: Response): void {
    clearSessionCookie(res, this.config.COOKIE_SECURE);
  }

  @Get('me')
  @UseGuards(SessionGuard)
  me(@CurrentUser() user: SessionUser): SessionUser {
    return user;
  }

  private startSession(session: AuthResponse, res: Response): AuthResponse {
    setSessionCookie(res, session.token, this.config.COOKIE_SECURE, this.config.JWT_TTL_SECONDS);
    return session;
  }
}
