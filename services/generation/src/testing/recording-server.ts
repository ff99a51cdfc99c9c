import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
export interface QueuedReply {
  status: number;
  body: unknown;
}

export interface RecordingServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  /** Answered in order, as JSON; with none queued the server answers 500. */
  replies: QueuedReply[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a cloud provider in tests: records every request and
 * answers with the next queued reply, so the provider's own SDK runs unchanged and nothing
 * leaves the machine.
 */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const replies: QueuedReply[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const reply = replies.shift() ?? { status: 500, body: { error: { code: 500, message: 'no reply queued' } } };
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    replies,
    reset: () => {
      requests.length = 0;
      replies.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
