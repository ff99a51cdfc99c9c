import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, Transport, type ClientProxy, type MicroserviceOptions } from '@nestjs/microservices';
import { RedisStreamsClient, RedisStreamsServer } from '@sopwright/rpc-streams';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { firstValueFrom, timeout } from 'rxjs';
import Redis from 'ioredis';
import { percentile } from './stats';

/**
 * RPC transports compared on one redis-server (append-only file on, as the stack runs it):
 * Nest's Redis transport (pub/sub) against @sopwright/rpc-streams with one and two replicas.
 * Servers, client and Redis share this machine; the replicas run in this process.
 *
 *   npm run bench:rpc -w @sopwright/bench
 *   … -- --serial 2000 --total 20000 --concurrency 64
 */
const { values: args } = parseArgs({
  options: {
    serial: { type: 'string', default: '2000' },
    total: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
  },
});
const serialCount = Number(args.serial);
const totalCount = Number(args.total);
const concurrency = Number(args.concurrency);

@Controller()
class EchoController {
  @MessagePattern('bench.echo')
  echo(@Payload() data: unknown) {
    return data;
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

interface Contender {
  name: string;
  servers: INestMicroservice[];
  client: ClientProxy;
}

const payload = () => ({ userId: randomUUID(), amount: 1, reason: 'benchmark' });
const call = (client: ClientProxy) => firstValueFrom(client.send('bench.echo', payload()).pipe(timeout(15_000)));

async function latency(client: ClientProxy): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < serialCount; i++) {
    const started = performance.now();
    await call(client);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function throughput(client: ClientProxy): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < totalCount) await call(client);
    }),
  );
  return totalCount / ((performance.now() - started) / 1000);
}

async function measure(transport: Contender) {
  for (let i = 0; i < 300; i++) await call(transport.client); // warm-up
  const samples = await latency(transport.client);
  const rate = await throughput(transport.client);
  return {
    transport: transport.name,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.reduce((sum, sample) => sum + sample, 0) / samples.length,
    rate,
  };
}

async function nestRedis(host: string, port: number): Promise<Contender> {
  const options = { host, port };
  const server = await NestFactory.createMicroservice<MicroserviceOptions>(EchoModule, { transport: Transport.REDIS, options, logger: ['error'] });
  await server.listen();
  const client = ClientProxyFactory.create({ transport: Transport.REDIS, options });
  await client.connect();
  return { name: "Nest's Redis transport (pub/sub)", servers: [server], client };
}

async function streams(url: string, replicas: number): Promise<Contender> {
  const servers: INestMicroservice[] = [];
  for (let i = 0; i < replicas; i++) {
    const server = await NestFactory.createMicroservice<MicroserviceOptions>(EchoModule, {
      strategy: new RedisStreamsServer({ url, consumerName: `bench-${i}` }),
      logger: ['error'],
    });
    await server.listen();
    servers.push(server);
  }
  const client = new RedisStreamsClient({ url });
  await client.connect();
  return { name: `rpc-streams, ${replicas} replica${replicas > 1 ? 's' : ''}`, servers, client };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function withRedis<T>(work: (url: string, port: number) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-bench-rpc-'));
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { retryStrategy: () => 50, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.ping();
  const version = /redis_version:(\S+)/.exec(await probe.info('server'))?.[1];
  probe.disconnect();
  console.log(`redis-server ${version} on ${url}, append-only file on`);
  try {
    return await work(url, port);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Latency: ${serialCount} requests one after another. Throughput: ${totalCount} requests, ${concurrency} in flight.`);
  const rows = await withRedis(async (url, port) => {
    const results = [];
    for (const start of [() => nestRedis('127.0.0.1', port), () => streams(url, 1), () => streams(url, 2)]) {
      const transport = await start();
      try {
        results.push(await measure(transport));
      } finally {
        await transport.client.close();
        for (const server of transport.servers) await server.close();
      }
    }
    return results;
  });
  console.log(`\n${'transport'.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)} ${'req/s'.padStart(9)}`);
  for (const row of rows) {
    const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(8);
    console.log(`${row.transport.padEnd(34)} ${ms(row.p50)} ${ms(row.p99)} ${ms(row.mean)} ${Math.round(row.rate).toString().padStart(9)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
