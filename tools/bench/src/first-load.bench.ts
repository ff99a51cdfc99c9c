import compression from 'compression';
import express from 'express';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { proUser, withStack } from './bench-stack';

/**
 * First load (issue 15): the JavaScript Chromium downloads to show the landing page (`/`) and,
 * signed in, the dashboard (`/dashboard`) with an empty cache, counted from the browser's own
 * network events: bytes on the wire (transfer size, headers included, as DevTools shows it)
 * and the decoded size. Each figure is printed beside a baseline measured in the same run:
 * the build kept aside in dist/first-load-baseline/web (copied from dist/web on the first run,
 * or FIRST_LOAD_BASELINE=<dir>) served the previous way, express.static behind the
 * `compression` middleware, with /api and /remotes.json passed to the same stack.
 *
 *   npm run bench:first-load -w @sopwright/bench             (add -- --files to list every script)
 */
const repoRoot = resolve(__dirname, '../../..');
const baselineDir = resolve(process.env['FIRST_LOAD_BASELINE'] ?? join(repoRoot, 'dist/first-load-baseline/web'));
const listFiles = process.argv.includes('--files');
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);

interface Script {
  url: string;
  encoding: string;
  /** Bytes received, headers included (DevTools' "transferred"). */
  wire: number;
  /** Of which the body, as sent (compressed or not). */
  body: number;
  decoded: number;
  sha: string;
}

interface Load {
  scripts: Script[];
  wire: number;
  body: number;
  decoded: number;
  /** Scripts whose decoded bytes equal another's (shipped twice). */
  duplicates: string[][];
  ms: number;
}

/** The previous design's static serving: on-the-fly compression, the same cache headers, the shell at every route. */
async function previousDesignServer(webDir: string, stackUrl: string): Promise<{ url: string; server: Server }> {
  const app = express();
  const cacheHeaders = (res: express.Response, filePath: string) => {
    const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/.test(filePath);
    res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const target = new URL(stackUrl);
  const proxy: express.RequestHandler = (req, res) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.status(502).end());
    req.pipe(upstream);
  };
  app.use('/api', proxy);
  app.use('/remotes.json', proxy);
  app.use(compression({ threshold: 1024 }));
  app.use('/remotes', express.static(join(webDir, 'remotes'), { index: false, setHeaders: cacheHeaders, fallthrough: false }));
  app.use(express.static(join(webDir, 'shell'), { index: false, setHeaders: cacheHeaders }));
  app.use((req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(webDir, 'shell/index.html'));
  });
  const server = await new Promise<Server>((done) => {
    const listening = app.listen(0, '127.0.0.1', () => done(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Counts every script the page loads, from Chromium's network events, until `ready` resolves and the network is idle. */
async function measure(
  browser: Browser,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<unknown>,
  session?: { token: string; user: { id: string; email: string } },
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) {
    // Signed in the way the app signs in: the token and user in local storage (this package has no DOM types, hence a string).
    await context.addInitScript({
      content: `localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
    });
  }
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { url: string; encoding: string; script: boolean; headerBytes: number }>();
  const decoded = new Map<string, number>();
  const finished: Promise<Script | undefined>[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    const script = event.type === 'Script' || /javascript/.test(event.response.mimeType);
    responses.set(event.requestId, { url: event.response.url, encoding: headers['content-encoding'] ?? 'identity', script, headerBytes: event.response.encodedDataLength });
  });
  cdp.on('Network.dataReceived', (event) => decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength));
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (!response?.script) return;
    finished.push(
      cdp.send('Network.getResponseBody', { requestId: event.requestId }).then(
        (body) => {
          const bytes = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
          return { url: response.url, encoding: response.encoding, wire: event.encodedDataLength, body: event.encodedDataLength - response.headerBytes, decoded: bytes.length, sha: createHash('sha256').update(bytes).digest('hex') };
        },
        () => ({ url: response.url, encoding: response.encoding, wire: event.encodedDataLength, body: event.encodedDataLength - response.headerBytes, decoded: decoded.get(event.requestId) ?? 0, sha: event.requestId }),
      ),
    );
  });
  const started = Date.now();
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const ms = Date.now() - started;
  const scripts = (await Promise.all(finished)).filter((script): script is Script => Boolean(script));
  await context.close();
  const bySha = new Map<string, string[]>();
  for (const script of scripts) bySha.set(script.sha, [...(bySha.get(script.sha) ?? []), new URL(script.url).pathname]);
  return {
    scripts,
    wire: scripts.reduce((sum, script) => sum + script.wire, 0),
    body: scripts.reduce((sum, script) => sum + script.body, 0),
    decoded: scripts.reduce((sum, script) => sum + script.decoded, 0),
    duplicates: [...bySha.values()].filter((paths) => paths.length > 1),
    ms,
  };
}

/** The median round by bytes on the wire (they vary only if the page loads something different). */
async function rounds(work: () => Promise<Load>): Promise<Load> {
  const all: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) all.push(await work());
  all.sort((a, b) => a.wire - b.wire);
  return all[Math.floor(all.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(5)} KB`;
const encodings = (load: Load) => [...new Set(load.scripts.map((script) => script.encoding))].join('/');

const summary = (name: string, load: Load) =>
  `${name.padEnd(34)} ${kb(load.wire)} on the wire (${kb(load.body).trim()} of bodies, ${encodings(load)}), ${kb(load.decoded)} decoded, ${String(load.scripts.length).padStart(2)} scripts, ${load.ms} ms` +
  (load.duplicates.length ? `, shipped twice: ${load.duplicates.map((paths) => paths.join(' = ')).join('; ')}` : '');

function report(name: string, measured: Load, baseline: Load) {
  console.log(summary(name, measured));
  console.log(summary('  previous build, previous serving', baseline));
  if (listFiles) {
    for (const [label, load] of [['now', measured], ['baseline', baseline]] as const) {
      console.log(`    ${label}:`);
      for (const script of [...load.scripts].sort((a, b) => b.decoded - a.decoded)) {
        console.log(`      ${kb(script.wire)} ${kb(script.body)} ${kb(script.decoded)} ${script.encoding.padEnd(8)} ${new URL(script.url).pathname}`);
      }
    }
  }
}

async function main() {
  if (!existsSync(join(repoRoot, 'dist/web/shell/index.html'))) throw new Error('Build the web apps first: npx nx run-many -t build');
  if (!existsSync(join(baselineDir, 'shell/index.html'))) {
    await mkdir(baselineDir, { recursive: true });
    await cp(join(repoRoot, 'dist/web'), baselineDir, { recursive: true });
    await writeFile(join(baselineDir, '..', 'KEPT'), `dist/web copied ${new Date().toISOString()}\n`);
    console.log(`No baseline build: kept today's dist/web in ${baselineDir} (it measures the same as now this time).`);
  }
  await withStack({}, async (stack) => {
    const token = await proUser(stack);
    const me = (await (await fetch(`${stack.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id?: string; email: string; user?: { id: string; email: string } };
    const user = me.user ?? { id: me.id!, email: me.email };
    for (const title of ['Open the shop', 'Close the shop', 'Count the till']) {
      const made = await fetch(`${stack.url}/api/sop/from-text`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, text: 'First unlock the front door. Then switch on the lights and the till. Count the float and log it. Finally open the doors.' }),
      });
      if (!made.ok) throw new Error(`from-text: ${made.status}`);
    }
    const previous = await previousDesignServer(baselineDir, stack.url);
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const landing = (page: import('playwright-core').Page) => page.getByRole('heading', { level: 1 }).first().waitFor();
      const dashboard = (page: import('playwright-core').Page) => page.getByTestId('sop-card').first().waitFor();
      const session = { token, user };
      console.log(`\nFirst load in Chromium, empty cache, JavaScript only (median of ${ROUNDS}); baseline: ${baselineDir}`);
      report('/ (landing)', await rounds(() => measure(browser, `${stack.url}/`, landing)), await rounds(() => measure(browser, `${previous.url}/`, landing)));
      report(
        '/dashboard (signed in, 3 SOPs)',
        await rounds(() => measure(browser, `${stack.url}/dashboard`, dashboard, session)),
        await rounds(() => measure(browser, `${previous.url}/dashboard`, dashboard, session)),
      );
    } finally {
      await browser.close();
      previous.server.close();
    }
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
