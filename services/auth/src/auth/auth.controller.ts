import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { RpcContext } from '@sopwright/server-kit';
import { authMessages, type LoginRequest, type RegisterRequest } from '@sopwright/contracts';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @MessagePattern(authMessages.register.pattern)
  register(@Payload({ schema: authMessages.register.request }) request: RegisterRequest, @Ctx() context: RpcContext) {
    return this.auth.register(request, { redelivered: context.getDeliveryCount() > 1 });
  }

  @MessagePattern(authMessages.login.pattern)
  login(@Payload({ schema: authMessages.login.request }) request: LoginRequest) {
    return this.auth.login(request);
  }

  @MessagePattern(authMessages.ping.pattern)
  ping() {
    return this.auth.ping();
  }

  @MessagePattern(authMessages.getUser.pattern)
  getUser(@Payload({ schema: authMessages.getUser.request }) request: { userId: string }) {
    return this.auth.getUser(request.userId);
  }
}
