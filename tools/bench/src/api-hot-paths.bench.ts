import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import { createSecretKey, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proUser, withStack } from './bench-stack';

/**
 * The API's hot paths on a real stack, 16 connections each, every figure beside a baseline
 * measured in the same run: a raw Node server answering the same bytes (what the machine can
 * do at all), and for the changed paths the previous design.
 *
 *   npm run bench:api -w @sopwright/bench
 */
const CONNECTIONS = 16;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, options: { token?: string; method?: 'GET' | 'POST'; body?: string } = {}): Promise<Load> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, method: options.method ?? 'GET', headers, body: options.body });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const line = (name: string, measured: Load) =>
  `${name.padEnd(52)} ${measured.rps.toFixed(0).padStart(7)} req/s   p99 ${String(measured.p99).padStart(4)} ms${measured.errors ? `   (${measured.errors} errors or non-2xx)` : ''}`;

/** A plain Node server answering `body` to everything: the ceiling of this machine for that response. */
async function rawServer(body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function besideRaw(name: string, url: string, token: string | undefined) {
  const sample = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await sample.text();
  const raw = await rawServer(body);
  try {
    console.log(line(`${name} (${(body.length / 1024).toFixed(1)} KB)`, await load(url, { token })));
    console.log(line('  raw Node server, same bytes (baseline)', await load(raw.url)));
  } finally {
    raw.server.close();
  }
}

/** What one token check costs: the secret as a string (parsed into a key every time, the previous design) against a key built once. */
function tokenVerification() {
  const secret = randomBytes(32).toString('hex');
  const token = jwt.sign({ sub: 'user', email: 'a@example.com' }, secret, { algorithm: 'HS256', expiresIn: 3600 });
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const time = (verify: () => unknown) => {
    for (let i = 0; i < 2_000; i++) verify();
    const rounds = 20_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) verify();
    return Number(process.hrtime.bigint() - started) / 1_000 / rounds;
  };
  const withString = time(() => jwt.verify(token, secret, { algorithms: ['HS256'] }));
  const withKey = time(() => jwt.verify(token, key, { algorithms: ['HS256'] }));
  console.log(`Token verification: key built once ${withKey.toFixed(1)} µs, secret string (the previous design) ${withString.toFixed(1)} µs per token`);
}

async function main() {
  tokenVerification();
  await withStack({}, async (stack) => {
    const token = await proUser(stack);
    const base = stack.url;
    // A library of 100 SOPs, made the way users make them.
    const notes = 'First unlock the front door. Then switch on the lights and the till. Count the float and log it. Finally open the doors.';
    for (let made = 0; made < 100; made += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          fetch(`${base}/api/sop/from-text`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `Open the shop ${made + index + 1}`, text: notes }),
          }).then((response) => {
            if (!response.ok) throw new Error(`from-text: ${response.status}`);
          }),
        ),
      );
    }
    console.log(`\nHTTP through the gateway, ${CONNECTIONS} connections, ${SECONDS} s each (a library of 100 SOPs):`);
    await besideRaw('GET /api/auth/me', `${base}/api/auth/me`, token);
    await besideRaw('GET /api/sop?limit=100 (summaries, the dashboard)', `${base}/api/sop?limit=100`, token);
    await besideRaw('GET /api/sop (whole SOPs, the previous dashboard read)', `${base}/api/sop`, token);
    await besideRaw('GET /api/templates?q=clean', `${base}/api/templates?q=clean`, undefined);
    const body = JSON.stringify({ title: 'Open the shop', text: notes });
    console.log(line('POST /api/sop/from-text (Pro)', await load(`${base}/api/sop/from-text`, { token, method: 'POST', body })));
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
