import { imageUrlFor, sopMessages } from '@sopwright/contracts';
import { createObjectStorage, createRpcClient, objectStorageEnvSchema } from '@sopwright/server-kit';
import type { RunningStack } from '@sopwright/stack';
import { withStack } from './bench-stack';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';
import { comparePdfRender, freshJpeg, previousRendition } from './pdf-render';
import { ms, percentile } from './stats';

/**
 * PDF export benchmark: a 20-step SOP with 10 full-HD screenshots, printed through the real
 * stack (gateway → BullMQ → export worker → Chromium). Prints cold and warm latency and
 * throughput with 1 and 2 export workers; beside them, in the same run, the same document
 * with the previous 1,400 px print renditions and with the original PNGs (before print
 * renditions), and cold: the same document with images new to the worker each time (fresh keys
 * and bytes), so it reads every image from storage and sends it to the page, as every export
 * did before the worker kept image bytes (EXPORT_IMAGE_CACHE_MB) and its pages kept the images
 * they printed. First, the render alone in this process, the worker's PdfRenderer (images
 * served to the page, again and the first time, and inline) against the previous render
 * (pdf-render.ts). `-- --render` runs only that.
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
async function seedBenchmarkSop(
  stack: RunningStack,
  images: 'renditions' | 'previous-renditions' | 'originals' = 'renditions',
): Promise<{ token: string; path: string; ownerId: string; imageUrls: string[] }> {
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
  return { token: auth.token, path: await createBenchmarkSop(stack, auth.user.id, imageUrls), ownerId: auth.user.id, imageUrls };
}

/** The benchmark's SOP for `ownerId` with these images; answers its PDF export path. */
async function createBenchmarkSop(stack: RunningStack, ownerId: string, imageUrls: string[]): Promise<string> {
  const rpc = createRpcClient(stack.env.REDIS_URL!);
  const sop = await rpc.send(sopMessages.create, {
    ownerId,
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
  return `/api/sop/${sop.id}/export/pdf`;
}

/**
 * `count` copies of the seeded SOP, each with its images filed again under new ids (new object
 * keys, the same rows, the same pictures in new bytes: a JPEG comment), so no export worker
 * has read them and no page has printed them: exporting one costs what every export cost before
 * the worker kept image bytes and its pages kept images (all read from storage and sent).
 */
async function coldCopies(stack: RunningStack, seeded: { ownerId: string; imageUrls: string[] }, count: number): Promise<string[]> {
  const database = new Client({ connectionString: stack.env.DATABASE_URL! });
  await database.connect();
  try {
    const storage = createObjectStorage(objectStorageEnvSchema.parse(stack.env));
    const ids = seeded.imageUrls.map((url) => url.split('/').pop()!);
    const { rows } = await database.query<{ id: string; object_key: string; print_object_key: string | null }>('SELECT id, object_key, print_object_key FROM media.images WHERE id = ANY($1::uuid[])', [ids]);
    const objects = new Map<string, Buffer>();
    for (const row of rows) for (const key of [row.object_key, row.print_object_key]) if (key) objects.set(key, await storage.read(key, 100 * 1024 * 1024));
    const paths: string[] = [];
    for (let copy = 0; copy < count; copy++) {
      const urls: string[] = [];
      for (const id of ids) {
        const row = rows.find((candidate) => candidate.id === id)!;
        const newId = randomUUID();
        await storage.put(row.object_key.replace(id, newId), objects.get(row.object_key)!, 'application/octet-stream');
        if (row.print_object_key) await storage.put(row.print_object_key.replace(id, newId), freshJpeg(objects.get(row.print_object_key)!, `copy ${copy}`), 'image/jpeg');
        await database.query(
          `INSERT INTO media.images (id, owner_id, purpose, object_key, content_type, byte_size, print_object_key, print_content_type, width, height)
           SELECT $2::uuid, owner_id, purpose, replace(object_key, $3::text, $4::text), content_type, byte_size, replace(print_object_key, $3::text, $4::text), print_content_type, width, height
           FROM media.images WHERE id = $1::uuid`,
          [id, newId, id, newId],
        );
        urls.push(imageUrlFor(newId));
      }
      paths.push(await createBenchmarkSop(stack, seeded.ownerId, urls));
    }
    return paths;
  } finally {
    await database.end();
  }
}

/** The export worker's image cache lookups so far, from its metrics: hits and misses. */
async function imageCacheLookups(stack: RunningStack): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(stack.metrics.get('export')!)).text();
  const count = (outcome: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('sopwright_export_image_cache_lookups_total{') && line.includes(`outcome="${outcome}"`))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  return { hit: count('hit'), miss: count('miss') };
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
      const seeded = await seedBenchmarkSop(stack);
      const { token, path } = seeded;
      const cold = await timedExport(stack, token, path);
      const warm: number[] = [];
      if (workers === 1) {
        // The baselines' exports alternate with this design's (order swapped each round), so load on the machine falls on all alike.
        const previous = { ...(await seedBenchmarkSop(stack, 'previous-renditions')), warm: [] as number[] };
        const coldCache = { paths: await coldCopies(stack, seeded, WARM_RUNS), warm: [] as number[] };
        const markdown: number[] = [];
        await timedExport(stack, previous.token, previous.path);
        const lookupsBefore = await imageCacheLookups(stack);
        for (let i = 0; i < WARM_RUNS; i++) {
          const round = [
            () => timedExport(stack, token, path).then((time) => warm.push(time)),
            () => timedExport(stack, previous.token, previous.path).then((time) => previous.warm.push(time)),
            () => timedExport(stack, token, coldCache.paths[i]!).then((time) => coldCache.warm.push(time)),
          ];
          for (const run of i % 2 === 0 ? round : round.reverse()) await run();
          markdown.push(await timedExport(stack, token, path.replace(/pdf$/, 'markdown'), 500));
        }
        const lookupsAfter = await imageCacheLookups(stack);
        const originals = { ...(await seedBenchmarkSop(stack, 'originals')), warm: [] as number[] };
        await timedExport(stack, originals.token, originals.path);
        for (let i = 0; i < WARM_RUNS; i++) originals.warm.push(await timedExport(stack, originals.token, originals.path));
        const size = async (exportPath: string, owner: string) => (await (await fetch(`${stack.url}${exportPath}`, { headers: { authorization: `Bearer ${owner}` } })).arrayBuffer()).byteLength;
        console.log(
          `  baseline, cold: the same document with images new to the worker each export (read from storage and sent to the page, as every export did before; alternating with it): p50 ${ms(percentile(coldCache.warm, 50))}, p95 ${ms(percentile(coldCache.warm, 95))}`,
        );
        for (const [label, baseline] of [
          ['baseline, the same document with the previous 1,400 px print renditions (alternating with it)', previous],
          ['baseline, the same document with the original PNGs embedded (after it)', originals],
        ] as const) {
          console.log(`  ${label}: warm p50 ${ms(percentile(baseline.warm, 50))}, p95 ${ms(percentile(baseline.warm, 95))}; PDF ${((await size(baseline.path, baseline.token)) / 1024).toFixed(0)} KB`);
        }
        console.log(`  (this design's PDF: ${((await size(path, token)) / 1024).toFixed(0)} KB; the same SOP as Markdown, no Chromium, the pipeline's own cost: p50 ${ms(percentile(markdown, 50))})`);
        const hits = lookupsAfter.hit - lookupsBefore.hit;
        const misses = lookupsAfter.miss - lookupsBefore.miss;
        console.log(`  (the worker's image cache over those rounds: ${hits} images from memory, ${misses} read from storage: the cold exports' ${WARM_RUNS * IMAGES})`);
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
