import { autoRedactionShape, generationIdHeader, IMAGE_EDIT_MAX_SHAPES } from '@sopwright/contracts';
import { areasToRedact } from '@sopwright/redaction';
import { readOcrWords, writeOcrImage } from '@sopwright/server-kit';
import type { RunningStack } from '@sopwright/stack';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { proUser, withStack } from './bench-stack';
import { oneMinuteScreenRecording } from './screen-recording';
import { ms, percentile } from './stats';

/**
 * Automatic redaction's cost, offline:
 * 1. One 1280x720 screenshot of an admin screen (16 px UI text, ten sensitive values), in this
 *    process with the worker's and media's own modules: redaction as generation does it (turned
 *    upright and enlarged, tesseract's words with boxes, blur boxes, media's flattening of the
 *    layer) against OCR alone as generation reads an image with redaction off (the baseline).
 *    With redaction on, the one reading also gives the image's text, so the difference is
 *    what redaction adds. Alternating rounds, medians.
 * 2. Per minute of video, through a stack with one generation worker: the 60 s screen
 *    recording of bench:generation with redaction on and off (alternating, medians), as it
 *    is (nothing to blur) and with an email drawn on every slide (every keyframe edited).
 * `-- --image` runs only the first part; `-- --rounds N` sets the rounds (default 7 and 3).
 */
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : undefined;
};

interface ServiceModules {
  TesseractImageReader: new (binary?: string) => {
    read(path: string, mimeType: string): Promise<{ text: string }>;
    readWords(path: string): Promise<{ text: string; words: { text: string; left: number; top: number; width: number; height: number }[] }>;
  };
  flattenEdit(original: Buffer, edit: { crop: null; shapes: unknown[] }): Promise<{ body: Buffer }>;
}

/** The worker's and media's compiled modules (services ship no type declarations; the shapes used are above). */
async function serviceModules(): Promise<ServiceModules> {
  const load = (path: string) => import(path) as Promise<Record<string, unknown>>;
  const [reader, flatten] = await Promise.all([load('@sopwright/generation/dist/providers/offline/tesseract-image-reader.js'), load('@sopwright/media/dist/edits/flatten-edit.js')]);
  return {
    TesseractImageReader: reader!.TesseractImageReader as ServiceModules['TesseractImageReader'],
    flattenEdit: flatten!.flattenEdit as ServiceModules['flattenEdit'],
  };
}

/** An admin screen: a header, a customer table in 16 px UI text (4 emails, 3 phones), a card, an IP address and a side panel with an API key. */
async function adminScreenshot(): Promise<Buffer> {
  const rows = [
    ['Ann Lee', 'ann.lee@example.com', '+44 20 7946 0958', 'Active'],
    ['Bram de Vries', 'bram@devries.nl', '020 7946 0321', 'Trial'],
    ['Chen Wei', 'chen.wei@example.org', '(415) 555-0134', 'Active'],
    ['Dana Whitby', 'dana.whitby@kestrel-post.com', 'none', 'Paused'],
  ];
  const text = (x: number, y: number, value: string, size = 16, weight = 'normal') =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="#1f2933">${value}</text>`;
  const table = rows.flatMap((row, i) => row.map((cell, j) => text(40 + [0, 180, 470, 680][j]!, 190 + i * 40, cell))).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="100%" height="100%" fill="#f8fafc"/>
    <rect width="100%" height="64" fill="#1f2933"/><text x="40" y="40" font-family="DejaVu Sans" font-size="20" fill="#fff">Northwind admin · Customers</text>
    ${text(40, 140, 'Name', 16, 'bold')}${text(220, 140, 'Email', 16, 'bold')}${text(510, 140, 'Phone', 16, 'bold')}${text(720, 140, 'Status', 16, 'bold')}${table}
    ${text(40, 420, 'Payment method: card 4539 1488 0343 6467, expires 09/29')}
    ${text(40, 460, 'Webhook from 203.0.113.42 delivered at 14:02')}
    ${text(900, 140, 'API key', 16, 'bold')}${text(900, 180, 'sk-live-7Hq2Zp9XwT4mB8nR3vK6yE5s', 14)}
    ${text(40, 560, 'Open a customer to see their orders, invoices and notes.')}${text(40, 600, 'Export the list as CSV from the menu at the top right.')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function imageBench(dir: string, rounds: number): Promise<void> {
  const modules = await serviceModules();
  const reader = new modules.TesseractImageReader();
  const screenshot = await adminScreenshot();
  const path = join(dir, 'screenshot.png');
  await writeFile(path, screenshot);
  const samples = { ocr: [] as number[], total: [] as number[], prepare: [] as number[], words: [] as number[], boxes: [] as number[], flatten: [] as number[] };
  let found = 0;
  const redact = async () => {
    let at = performance.now();
    const lap = (key: 'prepare' | 'words' | 'boxes' | 'flatten') => {
      const now = performance.now();
      samples[key].push(now - at);
      at = now;
    };
    const started = at;
    const image = await writeOcrImage(path, join(dir, 'ocr.png'));
    lap('prepare');
    const reading = await reader.readWords(image.path);
    lap('words');
    const shapes = areasToRedact(reading.words, image, IMAGE_EDIT_MAX_SHAPES).map(autoRedactionShape);
    lap('boxes');
    await modules.flattenEdit(await readFile(path), { crop: null, shapes });
    lap('flatten');
    samples.total.push(performance.now() - started);
    found = shapes.length;
  };
  const ocrAlone = async () => {
    const started = performance.now();
    await reader.read(path, 'image/png');
    samples.ocr.push(performance.now() - started);
  };
  // One warm-up of each (tesseract's model from disk, sharp's first use).
  await redact();
  await ocrAlone();
  for (const key of Object.keys(samples) as (keyof typeof samples)[]) samples[key].length = 0;
  for (let round = 0; round < rounds; round++) {
    for (const work of round % 2 === 0 ? [ocrAlone, redact] : [redact, ocrAlone]) await work();
  }
  const median = (key: keyof typeof samples) => percentile(samples[key], 50);
  console.log(`One 1280x720 screenshot (admin screen, 16 px text, 10 sensitive values: ${found} blurred), ${rounds} alternating rounds, medians:`);
  console.log(`  baseline, OCR alone (the image's text as read with redaction off): ${ms(median('ocr'))}`);
  console.log(
    `  redaction (upright, enlarged 2x, words with boxes, blur boxes, flattened): ${ms(median('total'))} = ` +
      `prepare ${ms(median('prepare'))} + OCR with boxes ${ms(median('words'))} + boxes ${ms(median('boxes'))} + flatten ${ms(median('flatten'))}`,
  );
  console.log(`  redaction adds ${ms(median('total') - median('ocr'))} per image (${(median('total') / median('ocr')).toFixed(2)}x the baseline)\n`);
}

/** One generation from the recording; answers how long it took, end to end (upload included), and its step images. */
async function fromVideo(stack: RunningStack, token: string, video: Buffer, redact: boolean): Promise<{ ms: number; imageUrls: string[] }> {
  const form = new FormData();
  form.append('origin', 'screen-recording');
  form.append('redact', String(redact));
  form.append('video', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'recording.webm');
  const started = performance.now();
  const response = await fetch(`${stack.url}/api/sop/from-video`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, [generationIdHeader]: randomUUID() } });
  const took = performance.now() - started;
  if (response.status !== 201) throw new Error(`from-video answered ${response.status}: ${await response.text()}`);
  const sop = (await response.json()) as { steps: { imageUrls?: string[] }[] };
  return { ms: took, imageUrls: sop.steps.flatMap((step) => step.imageUrls ?? []) };
}

/** How many of these step images still show `value` to OCR (tesseract, as the product reads them). */
async function stillReadable(stack: RunningStack, token: string, imageUrls: string[], value: string, dir: string): Promise<number> {
  let readable = 0;
  for (const url of imageUrls) {
    const bytes = Buffer.from(await (await fetch(`${stack.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const { text } = await readOcrWords((await writeOcrImage(bytes, join(dir, 'check.png'))).path);
    if (text.replace(/\s+/g, '').includes(value)) readable++;
  }
  return readable;
}

async function videoBench(dir: string, rounds: number): Promise<void> {
  const plain = await oneMinuteScreenRecording(dir);
  const withEmail = await oneMinuteScreenRecording(dir, 'Signed in as dana.whitby@kestrel-post.com');
  await withStack({ generation: 1 }, async (stack) => {
    const token = await proUser(stack);
    const results: Record<string, number[]> = {};
    const cases = [
      { name: 'as it is (nothing to blur)', video: plain },
      { name: 'with an email on every slide', video: withEmail },
    ];
    // A first generation of each warms the worker (models, connections); the email's, both ways, shows the blur works.
    await fromVideo(stack, token, plain, true);
    const [blurred, kept] = [await fromVideo(stack, token, withEmail, true), await fromVideo(stack, token, withEmail, false)];
    const email = 'dana.whitby@kestrel-post.com';
    console.log(
      `Keyframes on the steps with an email on every slide: the email is readable (OCR) in ${await stillReadable(stack, token, blurred.imageUrls, email, dir)} of ${blurred.imageUrls.length} with redaction on, ` +
        `${await stillReadable(stack, token, kept.imageUrls, email, dir)} of ${kept.imageUrls.length} with it off`,
    );
    for (let round = 0; round < rounds; round++) {
      for (const { name, video } of cases) {
        for (const redact of round % 2 === 0 ? [false, true] : [true, false]) {
          (results[`${name}:${redact}`] ??= []).push((await fromVideo(stack, token, video, redact)).ms);
        }
      }
    }
    console.log(`Per minute of video (bench:generation's 60 s 1280x720 screen recording, 1 worker, end to end through the stack), ${rounds} alternating rounds, medians:`);
    console.log(`  ${'recording'.padEnd(30)} ${'redaction off'.padStart(14)} ${'redaction on'.padStart(14)}   difference`);
    for (const { name } of cases) {
      const off = percentile(results[`${name}:false`]!, 50);
      const on = percentile(results[`${name}:true`]!, 50);
      console.log(`  ${name.padEnd(30)} ${`${(off / 1000).toFixed(1)} s`.padStart(14)} ${`${(on / 1000).toFixed(1)} s`.padStart(14)}   ${on >= off ? '+' : ''}${((on - off) / 1000).toFixed(1)} s (${(((on - off) / off) * 100).toFixed(0)} %)`);
    }
  });
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-bench-redaction-'));
  try {
    console.log(`Redaction benchmark (offline: tesseract, sharp), ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at start\n`);
    await imageBench(dir, argument('--rounds') ?? 7);
    if (process.argv.includes('--image')) return;
    await videoBench(dir, argument('--rounds') ?? 3);
    console.log(`\nLoad ${loadavg()[0]!.toFixed(1)} at the end.`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
