import { sopMessages } from '@sopwright/contracts';
import { createRpcClient } from '@sopwright/server-kit';
import type { RunningStack } from '@sopwright/stack';
import { withStack } from './bench-stack';
import sharp from 'sharp';
import { ms, percentile } from './stats';

/**
 * PDF export benchmark: a 20-step SOP with 10 screenshots-sized images, printed through the
 * real stack (gateway → BullMQ → export worker → Chromium). Prints cold and warm latency
 * and throughput with 1 and 2 export workers.
 */
const STEPS = 20;
const IMAGES = 10;
const WARM_RUNS = 20;
const PARALLEL_EXPORTS = 16;

async function screenshotLikePng(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="hsl(${seed * 37},40%,92%)"/>
    <rect x="40" y="40" width="1200" height="60" fill="hsl(${seed * 37},50%,40%)"/><text x="60" y="82" font-size="32" fill="#fff">Settings ${seed}</text>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="60" y="${140 + i * 64}" width="${400 + ((seed * 97 + i * 53) % 700)}" height="36" rx="6" fill="#cbd5e1"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function seedBenchmarkSop(stack: RunningStack): Promise<{ token: string; path: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const auth = (await (
    await fetch(`${stack.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'benchmark' }) })
  ).json()) as { token: string; user: { id: string } };
  const imageUrls: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await screenshotLikePng(i))]), `shot-${i}.png`);
    const uploaded = (await (await fetch(`${stack.url}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${auth.token}` } })).json()) as { imageUrl: string };
    imageUrls.push(uploaded.imageUrl);
  }
  const rpc = createRpcClient(stack.env.REDIS_URL!);
  const sop = await rpc.send(sopMessages.create, {
    ownerId: auth.user.id,
    title: 'Month-end close for the finance team',
    sourceType: 'video',
    origin: 'video',
    transcript: null,
    steps: Array.from({ length: STEPS }, (_, i) => ({
      title: `Step ${i + 1}: reconcile account group ${i + 1}`,
      details: 'Open the ledger, filter by the period, compare each balance with the bank statement and note every difference above 50 in the close checklist.',
      imageUrls: i < IMAGES ? [imageUrls[i]!] : [],
    })),
  });
  await rpc.close();
  return { token: auth.token, path: `/api/sop/${sop.id}/export/pdf` };
}

async function timedExport(stack: RunningStack, token: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200 || bytes < 10_000) throw new Error(`export failed: ${response.status}, ${bytes} bytes`);
  return performance.now() - started;
}

async function main() {
  console.log(`PDF export benchmark: ${STEPS} steps, ${IMAGES} images (1280x720 PNG), ${process.env.HOSTNAME ?? 'this machine'}\n`);
  for (const workers of [1, 2]) {
    await withStack({ export: workers }, async (stack) => {
      const { token, path } = await seedBenchmarkSop(stack);
      const cold = await timedExport(stack, token, path);
      const warm: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedExport(stack, token, path));
      const started = performance.now();
      await Promise.all(Array.from({ length: PARALLEL_EXPORTS }, () => timedExport(stack, token, path)));
      const seconds = (performance.now() - started) / 1000;
      console.log(`${workers} export worker(s):`);
      if (workers === 1) {
        console.log(`  cold (first export after start): ${ms(cold)}`);
        console.log(`  warm p50 ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))} over ${WARM_RUNS} sequential exports`);
      }
      console.log(`  throughput: ${PARALLEL_EXPORTS} concurrent exports in ${seconds.toFixed(1)} s = ${((PARALLEL_EXPORTS / seconds) * 60).toFixed(0)} PDFs/min\n`);
    });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
