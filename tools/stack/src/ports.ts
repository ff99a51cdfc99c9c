import { createServer } from 'node:net';

/**
 * Ports are picked below Linux's ephemeral range (32768–60999): a port the OS hands out for
 * listen(0) comes from that range, and until our server binds it any outgoing connection
 * (the many Redis clients of a running stack) may take it as its source port.
 */
const lowest = 20_000;
const highest = 32_000;
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port that is free right now on loopback, and not one this process handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest));
    if (handedOut.has(port)) continue;
    handedOut.add(port); // before the check, so concurrent callers never pick the same one
    if (await canListen(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`No free port between ${lowest} and ${highest}`);
}

/** Polls until `probe` resolves, or fails with the last error after `timeoutMs`. */
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}
