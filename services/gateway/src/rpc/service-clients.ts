import type { Provider } from '@nestjs/common';
import { CreditSettlements, ObjectStorage, createObjectStorage, createRpcClient } from '@sopwright/server-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ExportQueue } from '../exports/export-queue';
import { GenerationQueue } from '../generation/generation-queue';

/** One Redis connection pair carries every service's messages; the tokens say who is called. */
const RPC = Symbol('RPC');
export const AUTH_SERVICE = Symbol('AUTH_SERVICE');
export const SOP_SERVICE = Symbol('SOP_SERVICE');
export const MEDIA_SERVICE = Symbol('MEDIA_SERVICE');
export const BILLING_SERVICE = Symbol('BILLING_SERVICE');

export const serviceClients: Provider[] = [
  {
    provide: RPC,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => createRpcClient(config.REDIS_URL, config.RPC_TIMEOUT_MS),
  },
  ...[AUTH_SERVICE, SOP_SERVICE, MEDIA_SERVICE, BILLING_SERVICE].map((token) => ({ provide: token, useExisting: RPC })),
  {
    provide: ExportQueue,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => new ExportQueue(config.REDIS_URL),
  },
  {
    provide: GenerationQueue,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => new GenerationQueue(config.REDIS_URL),
  },
  {
    provide: CreditSettlements,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => new CreditSettlements(config.REDIS_URL),
  },
  {
    provide: ObjectStorage,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => createObjectStorage(config),
  },
];
