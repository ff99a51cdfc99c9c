import { createRpcClient, type RpcClient } from '@sopwright/server-kit';

let client: RpcClient | undefined;

/**
 * Talks to the services directly over the Redis transport, as the gateway and workers do:
 * tests use it to set up data no public endpoint creates yet (SOPs, plans, credits).
 */
export function services(): RpcClient {
  const redisUrl = process.env.SOPWRIGHT_TEST_REDIS_URL;
  if (!redisUrl) throw new Error('SOPWRIGHT_TEST_REDIS_URL is not set: the global setup did not start the stack');
  client ??= createRpcClient(redisUrl, 15_000);
  return client;
}

export async function closeServices(): Promise<void> {
  await client?.close();
  client = undefined;
}
