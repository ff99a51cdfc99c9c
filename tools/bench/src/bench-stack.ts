import { billingMessages } from '@sopwright/contracts';
import { createRpcClient } from '@sopwright/server-kit';
import { freePort, startStack, type RunningStack, type StackOptions } from '@sopwright/stack';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway stack on free ports with these worker replicas, quiet, removed after `work`. */
export async function withStack<T>(replicas: StackOptions['replicas'], work: (stack: RunningStack) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-bench-'));
  const stack = await startStack({
    dataDir,
    port: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    objectStoragePort: await freePort(),
    replicas,
    log: () => undefined,
  });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A new account on the Pro plan (unlimited generations); answers its session token. */
export async function proUser(stack: RunningStack): Promise<string> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const auth = (await (
    await fetch(`${stack.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'benchmark' }) })
  ).json()) as { token: string; user: { id: string } };
  const rpc = createRpcClient(stack.env.REDIS_URL!);
  await rpc.send(billingMessages.setPlan, { userId: auth.user.id, planType: 'pro', reason: 'benchmark' });
  await rpc.close();
  return auth.token;
}
