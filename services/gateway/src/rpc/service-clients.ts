import type { Provider } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { redisTransport, RpcClient } from '@sopwright/server-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

export const AUTH_SERVICE = Symbol('AUTH_SERVICE');

const serviceClient = (token: symbol): Provider => ({
  provide: token,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) =>
    new RpcClient(ClientProxyFactory.create(redisTransport(config.REDIS_URL)), config.RPC_TIMEOUT_MS),
});

export const serviceClients: Provider[] = [serviceClient(AUTH_SERVICE)];
