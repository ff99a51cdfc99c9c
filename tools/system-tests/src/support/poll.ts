/**
 * Reads `read` until `done` holds or `timeoutMs` passes, and returns the last reading either way
 * (the caller's assertions then say what was missing): for work that finishes after a request
 * answered (settlements, batched span exports, scrapes).
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
