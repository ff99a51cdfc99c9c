import type { RpcError, RpcErrorCode } from '@sopwright/contracts';

/** A failure a service reports by code. The gateway turns codes into HTTP answers. */
export class ServiceError extends Error {
  constructor(
    readonly code: RpcErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }

  toRpcError(): RpcError {
    return this.detail === undefined ? { code: this.code } : { code: this.code, detail: this.detail };
  }
}
