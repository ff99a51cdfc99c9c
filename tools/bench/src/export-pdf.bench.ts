import { sopMessages } from '@sopwright/contracts';
import { createObjectStorage, createRpcClient, objectStorageEnvSchema } from '@sopwright/server-kit';
import type { RunningStack } from '@sopwright/stack';
import { withStack } from './bench-stack';
import { Client } from 'pg';
import sharp from 'sharp';
import { comparePdfRender, previousRendition } from './pdf-render';
import { ms, percentile } from './stats';

/**
 * PDF export benchmark: a 20-step SOP with 10 full-HD screenshots, printed through the real
 * stack (gateway → BullMQ → export worker → Chromium). Prints cold and warm latency and
 * throughput with 1 and 2 export workers; beside them, in the same run, the same document
 * with the previous 1,400 px print renditions and with the original PNGs (before print
 * renditions). First, the render alone in this process, the worker's served page against the
 * previous inline data: URIs (pdf-render.ts). `-- --render` runs only that.
 */
const STEPS = 20;
const IMAGES = 10;
const WARM_RUNS = 20;
const PARALLEL_EXPORTS = 16;

/** A full-HD screen capture: a window with text rows, controls and a photo-like gradient. */
async function screenshotLikePng(seed: number): Promise<Buffer> {
  const rows = Array.from({ length: 30 }, (_, i) => `<text x="80" y="${190 + i * 28}" font-size="17" fill="#1f2937">Invoice ${seed}${i}42 · customer ${i * 7 + seed} · reconciled against statement line ${i + 3} · difference 0.${i}${seed}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${seed * 37},55%,45%)"/><stop offset="1" stop-color="hsl(${seed * 37 + 120},60%,75%)"/></linearGradient></defs>
    <rect width="1920" height="1080" fill="hsl(${seed * 37},30%,97%)"/><rect x="0" y="0" width="1920" height="100" fill="hsl(${seed * 37},50%,35%)"/>
    <text x="60" y="64" font-size="34" fill="#fff">Settings ${seed}</text><rect x="1280" y="160" width="560" height="700" rx="12" fill="url(#g)"/>
    ${rows.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The SOP. With `originals` its images lose their print renditions, as images stored before
 * them had none; with `previous-renditions` their renditions are the previous 1,400 px ones.
 */
async function seedBenchmarkSop(stack: RunningStack, images: 'renditions' | 'previous-renditions' | 'originals' = 'renditions'): Promise<{ token: string; path: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const auth = (await (
    await fetch(`${stack.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'benchmark' }) })
  ).json()) as { token: string; user: { id: string } };
  const imageUrls: string[] = [];
  const pngs: Buffer[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const form = new FormData();
    pngs.push(await screenshotLikePng(i));
    form.append('image', new Blob([new Uint8Array(pngs[i]!)]), `shot-${i}.png`);
    const uploaded = (await (await fetch(`${stack.url}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${auth.token}` } })).json()) as { imageUrl: string };
    imageUrls.push(uploaded.imageUrl);
  }
  if (images !== 'renditions') {
    const database = new Client({ connectionString: stack.env.DATABASE_URL! });
    await database.connect();
    const ids = imageUrls.map((url) => url.split('/').pop()!);
    if (images === 'originals') await database.query('UPDATE media.images SET print_object_key = NULL, print_content_type = NULL WHERE id = ANY($1::uuid[])', [ids]);
    else {
      const storage = createObjectStorage(objectStorageEnvSchema.parse(stack.env));
      const { rows } = await database.query<{ id: string; print_object_key: string }>('SELECT id, print_object_key FROM media.images WHERE id = ANY($1::uuid[])', [ids]);
      for (const row of rows) await storage.put(row.print_object_key, await previousRendition(pngs[ids.indexOf(row.id)]!), 'image/jpeg');
    }
    await database.end();
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

async function timedExport(stack: RunningStack, token: string, path: string, leastBytes = 10_000): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200 || bytes < leastBytes) throw new Error(`export failed: ${response.status}, ${bytes} bytes`);
  return performance.now() - started;
}

async function main() {
  console.log(`PDF export benchmark: ${STEPS} steps, ${IMAGES} images (1920x1080 PNG screenshots), ${process.env.HOSTNAME ?? 'this machine'}\n`);
  await comparePdfRender(await Promise.all(Array.from({ length: IMAGES }, (_, i) => screenshotLikePng(i))), STEPS, WARM_RUNS);
  if (process.argv.includes('--render')) return;
  for (const workers of [1, 2]) {
    await withStack({ export: workers }, async (stack) => {
      const { token, path } = await seedBenchmarkSop(stack);
      const cold = await timedExport(stack, token, path);
      const warm: number[] = [];
      if (workers === 1) {
        // The previous renditions' exports alternate with this design's (order swapped each round), so load on the machine falls on both alike.
        const previous = { ...(await seedBenchmarkSop(stack, 'previous-renditions')), warm: [] as number[] };
        const markdown: number[] = [];
        await timedExport(stack, previous.token, previous.path);
        for (let i = 0; i < WARM_RUNS; i++) {
          const first = i % 2 === 0;
          if (!first) previous.warm.push(await timedExport(stack, previous.token, previous.path));
          warm.push(await timedExport(stack, token, path));
          if (first) previous.warm.push(await timedExport(stack, previous.token, previous.path));
          markdown.push(await timedExport(stack, token, path.replace(/pdf$/, 'markdown'), 500));
        }
        const originals = { ...(await seedBenchmarkSop(stack, 'originals')), warm: [] as number[] };
        await timedExport(stack, originals.token, originals.path);
        for (let i = 0; i < WARM_RUNS; i++) originals.warm.push(await timedExport(stack, originals.token, originals.path));
        const size = async (exportPath: string, owner: string) => (await (await fetch(`${stack.url}${exportPath}`, { headers: { authorization: `Bearer ${owner}` } })).arrayBuffer()).byteLength;
        for (const [label, baseline] of [
          ['baseline, the same document with the previous 1,400 px print renditions (alternating with it)', previous],
          ['baseline, the same document with the original PNGs embedded (after it)', originals],
        ] as const) {
          console.log(`  ${label}: warm p50 ${ms(percentile(baseline.warm, 50))}, p95 ${ms(percentile(baseline.warm, 95))}; PDF ${((await size(baseline.path, baseline.token)) / 1024).toFixed(0)} KB`);
        }
        console.log(`  (this design's PDF: ${((await size(path, token)) / 1024).toFixed(0)} KB; the same SOP as Markdown, no Chromium, the pipeline's own cost: p50 ${ms(percentile(markdown, 50))})`);
      } else {
        for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedExport(stack, token, path));
      }
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
