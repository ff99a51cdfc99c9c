import { BaseRpcContext, type PacketMetadata } from '@nestjs/microservices';

export type RedisStreamsContextArgs = [
  pattern: string,
  requestId: string | undefined,
  deliveryCount: number,
  stream: string,
  entryId: string,
  deadline: number | undefined,
  metadata: PacketMetadata | undefined,
];

/**
 * What a handler can learn about the request it serves (`@Ctx() ctx: RedisStreamsContext`).
 * The request id is the same on every delivery of one request, so a handler that must not
 * do its work twice (a replica died after doing it but before answering) can key on it.
 */
export class RedisStreamsContext extends BaseRpcContext<RedisStreamsContextArgs> {
  /** The pattern the caller used, e.g. `billing.credits.refund`. */
  getPattern(): string {
    return this.args[0];
  }

  /** The caller's UUID for this request; `undefined` for events sent with `emit`. */
  getRequestId(): string | undefined {
    return this.args[1];
  }

  /** 1 on first delivery; more when a replica took the request over from another. */
  getDeliveryCount(): number {
    return this.args[2];
  }

  /** The request stream, e.g. `rpc:req:billing`. */
  getStream(): string {
    return this.args[3];
  }

  /** The stream entry id of this request. */
  getEntryId(): string {
    return this.args[4];
  }

  /** Epoch ms after which the caller no longer waits for the answer. */
  getDeadline(): number | undefined {
    return this.args[5];
  }

  /** Metadata the client attached (`ClientProxy#setOnDispatchHook`), if any. */
  getMetadata(): PacketMetadata | undefined {
    return this.args[6];
  }
}
