import { structureText } from '@sopwright/structuring';
import nlp from 'compromise';
import type { Sop } from '@sopwright/contracts';
import { buildTemplateNotes } from '@sopwright/contracts/constants';
import type { RunningStack } from '@sopwright/stack';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { proUser, withStack } from './bench-stack';
import { loadEvalSets, styles, type EvalItem, type Style } from './structurer/eval-set';
import { scoreSteps, type Score } from './structurer/matching';
import { naiveSteps } from './structurer/naive-split';
import { rawPocketsphinx, speak, wordErrorRate } from './structurer/speech';

/**
 * Structurer benchmark on descriptions written for the purpose (tools/bench/data), scored
 * against the steps a careful editor wrote (matching rule: structurer/matching.ts).
 *
 *   npm run bench:structurer -w @sopwright/bench                  offline engine vs the naive split
 *   … -- --verbose                                                 every development item, expected vs produced
 *                                                                  (held-out items only ever as totals)
 *   … -- --stack                                                   through a real stack (POST /api/sop/from-text),
 *                                                                  with whatever STRUCTURER and OPENAI_* are set
 *   … -- --audio [--voices slt,kal]                                spoken items through flite → POST /api/sop/from-audio
 *                                                                  (offline transcriber) → structurer: WER and recall
 */
type Engine = (item: EvalItem) => Promise<string[]>;

interface Row {
  score: Score;
  ms: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? '   -' : `${((100 * part) / whole).toFixed(0).padStart(3)}%`);

function summarise(rows: Row[]): string {
  const sum = (pick: (score: Score) => number) => rows.reduce((total, row) => total + pick(row.score), 0);
  const expected = sum((s) => s.expected);
  const produced = sum((s) => s.produced);
  const matched = sum((s) => s.matched);
  const inOrder = sum((s) => s.inOrder);
  const perItem = rows.reduce((total, row) => total + row.ms, 0) / Math.max(1, rows.length);
  const speed = perItem > 0 ? ` ${perItem.toFixed(1).padStart(7)} ms/item` : '';
  return `recall ${percent(matched, expected)}  precision ${percent(matched, produced)}  order ${percent(inOrder, matched)}  steps ${String(produced).padStart(4)}/${String(expected).padEnd(4)} matched ${String(matched).padStart(4)}${speed}`;
}

async function runEngine(items: EvalItem[], engine: Engine, verbose: boolean, label: string): Promise<Map<EvalItem, Row>> {
  const rows = new Map<EvalItem, Row>();
  for (const item of items) {
    const started = performance.now();
    const produced = await engine(item);
    const elapsed = performance.now() - started;
    const score = scoreSteps(item.expected.steps, produced);
    rows.set(item, { score, ms: elapsed });
    if (verbose) printItem(item, produced, score, label);
  }
  return rows;
}

function printItem(item: EvalItem, produced: string[], score: Score, label: string) {
  console.log(`\n[${label}] ${item.id}: ${score.matched}/${score.expected} expected matched, ${score.produced} produced`);
  const matchedProduced = new Set(score.pairs.filter((p) => p >= 0));
  item.expected.steps.forEach((step, index) => console.log(`  ${score.pairs[index]! >= 0 ? '✓' : '✗'} E${index + 1} ${step}${score.pairs[index]! >= 0 ? `  ← P${score.pairs[index]! + 1}` : ''}`));
  produced.forEach((step, index) => console.log(`  ${matchedProduced.has(index) ? ' ' : '+'} P${index + 1} ${step}`));
}

function report(title: string, items: EvalItem[], results: [string, Map<EvalItem, Row>][]) {
  console.log(`\n${title}`);
  const groups: [string, EvalItem[]][] = [
    ...styles.map((style): [string, EvalItem[]] => [style, items.filter((item) => item.style === style)]),
    ['typed (list, prose, notes)', items.filter((item) => item.style !== 'spoken')],
    ['all', items],
  ];
  for (const [name, group] of groups) {
    if (group.length === 0) continue;
    console.log(`  ${name} (${group.length} descriptions)`);
    for (const [engine, rows] of results) console.log(`    ${engine.padEnd(22)} ${summarise(group.map((item) => rows.get(item)!))}`);
  }
}

const offline: Engine = async (item) => structureText(item.text).steps.map((step) => step.title);
const naive: Engine = async (item) => naiveSteps(item.text);

async function postJson(stack: RunningStack, token: string, path: string, body: unknown): Promise<Sop> {
  const response = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Sop;
}

const stepTitles = (sop: Sop) => (JSON.parse(sop.stepsJson) as { title: string }[]).map((step) => step.title);

async function textThroughStack(items: EvalItem[], verbose: boolean) {
  const engineName = process.env['STRUCTURER'] ?? 'offline';
  await withStack({}, async (stack) => {
    const token = await proUser(stack);
    const engine: Engine = async (item) => stepTitles(await postJson(stack, token, '/api/sop/from-text', { title: item.expected.title, text: item.text }));
    const rows = await runEngine(items, engine, verbose, engineName);
    report(`Through the stack (STRUCTURER=${engineName}), POST /api/sop/from-text, ${items.length} descriptions:`, items, [[`stack: ${engineName}`, rows], ['naive split', await runEngine(items, naive, false, 'naive')]]);
  });
}

async function audioThroughStack(items: EvalItem[], heldOut: Set<EvalItem>, voices: string[], verbose: boolean) {
  const spoken = items.filter((item) => item.style === 'spoken');
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-bench-speech-'));
  try {
    await withStack({ generation: 2 }, async (stack) => {
      const token = await proUser(stack);
      console.log(`\nSpeech: ${spoken.length} spoken descriptions read by flite, transcribed offline, structured (${voices.length} voice(s)):`);
      for (const voice of voices) {
        const pipeline = { errors: 0, words: 0, rows: new Map<EvalItem, Row>(), heard: new Map<EvalItem, { errors: number; words: number }>() };
        const raw = { errors: 0, words: 0, rows: new Map<EvalItem, Row>(), heard: new Map<EvalItem, { errors: number; words: number }>() };
        let audioSec = 0;
        let pipelineMs = 0;
        for (const item of spoken) {
          const wav = join(dir, `${item.id}-${voice}.wav`);
          await speak(item.text, voice, wav);
          const bytes = await readFile(wav);
          audioSec += (bytes.length - 44) / (voice === 'kal' ? 16000 : 32000);
          const started = performance.now();
          const form = new FormData();
          form.append('title', 'Generated SOP');
          form.append('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'recording.wav');
          const response = await fetch(`${stack.url}/api/sop/from-audio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
          if (response.status !== 201) throw new Error(`from-audio answered ${response.status}: ${await response.text()}`);
          const sop = (await response.json()) as Sop;
          pipelineMs += performance.now() - started;
          const heard = wordErrorRate(item.text, sop.transcript ?? '');
          pipeline.errors += heard.errors;
          pipeline.words += heard.words;
          pipeline.heard.set(item, heard);
          const produced = stepTitles(sop);
          const score = scoreSteps(item.expected.steps, produced);
          pipeline.rows.set(item, { score, ms: 0 });
          // Held-out items are never printed one by one, here either.
          if (verbose && !heldOut.has(item)) {
            console.log(`\n  [${voice}] ${item.id} WER ${percent(heard.errors, heard.words)}\n  heard: ${sop.transcript}`);
            printItem(item, produced, score, `audio ${voice}`);
          }
          const rawText = await rawPocketsphinx(wav, dir);
          const rawHeard = wordErrorRate(item.text, rawText);
          raw.errors += rawHeard.errors;
          raw.words += rawHeard.words;
          raw.heard.set(item, rawHeard);
          raw.rows.set(item, { score: scoreSteps(item.expected.steps, structureText(rawText).steps.map((step) => step.title)), ms: 0 });
        }
        console.log(`  voice ${voice} (${(audioSec / 60).toFixed(1)} min of speech, ${(pipelineMs / 1000 / (audioSec / 60)).toFixed(1)} s per minute through the stack):`);
        console.log(`    Sopwright's audio pipeline   WER ${percent(pipeline.errors, pipeline.words)}   steps: ${summarise([...pipeline.rows.values()])}`);
        console.log(`    raw pocketsphinx (baseline)  WER ${percent(raw.errors, raw.words)}   steps: ${summarise([...raw.rows.values()])}`);
        for (const [name, part] of [['development', spoken.filter((item) => !heldOut.has(item))], ['held-out', spoken.filter((item) => heldOut.has(item))]] as const) {
          if (part.length === 0) continue;
          // The procedures language model was built from the development set: its development
          // figures are on speech it was trained on; the held-out ones are the honest measure.
          const wer = (heard: Map<EvalItem, { errors: number; words: number }>) => percent(part.reduce((n, item) => n + heard.get(item)!.errors, 0), part.reduce((n, item) => n + heard.get(item)!.words, 0));
          console.log(`      ${name} (${part.length}): pipeline WER ${wer(pipeline.heard)}   steps ${summarise(part.map((item) => pipeline.rows.get(item)!))}`);
          console.log(`      ${' '.repeat(name.length)}            raw WER ${wer(raw.heard)}   steps ${summarise(part.map((item) => raw.rows.get(item)!))}`);
        }
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { verbose: { type: 'boolean' }, stack: { type: 'boolean' }, audio: { type: 'boolean' }, voices: { type: 'string' }, only: { type: 'string' } } });
  const sets = loadEvalSets();
  const pick = (items: EvalItem[]) => (values.only ? items.filter((item) => item.id.includes(values.only!) || item.style === (values.only as Style)) : items);
  const development = pick(sets.development);
  const holdout = pick(sets.holdout);
  const all = [...development, ...holdout];
  const verbose = Boolean(values.verbose);
  console.log(`Structurer benchmark: ${sets.development.length} development + ${sets.holdout.length} held-out descriptions, ${all.reduce((n, item) => n + item.expected.steps.length, 0)} expected steps (matching rule in tools/bench/src/structurer/matching.ts)`);
  if (values.audio) return audioThroughStack(all, new Set(holdout), (values.voices ?? 'slt,kal').split(','), verbose);
  if (values.stack || (process.env['STRUCTURER'] && process.env['STRUCTURER'] !== 'offline')) return textThroughStack(all, verbose);
  for (const [name, items] of [
    ['Development set (the structurer was tuned on it)', development],
    ['Held-out set (never tuned on)', holdout],
  ] as const) {
    if (items.length === 0) continue;
    const results: [string, Map<EvalItem, Row>][] = [
      // Held-out items are never printed one by one: what is not seen cannot be tuned on.
      ['offline structurer', await runEngine(items, offline, verbose && items === development, 'offline')],
      ['naive split (baseline)', await runEngine(items, naive, verbose && false, 'naive')],
    ];
    report(`${name}:`, items, results);
  }
  longTranscript(sets.development);
  templateRoundTrip();
}

/**
 * A template loaded into "Write Process" reaches the structurer as "1. Title" over its details:
 * generating from it should give the template's own steps back, one for one.
 */
function templateRoundTrip() {
  const dir = join(__dirname, '../../../services/sop/templates');
  let templates = 0;
  let exact = 0;
  const rows: Row[] = [];
  const naiveRows: Row[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const catalogue = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { templates: { steps: { title: string; details: string }[] }[] };
    for (const template of catalogue.templates) {
      const notes = buildTemplateNotes(template.steps);
      const expected = template.steps.map((step) => step.title);
      const produced = structureText(notes).steps.map((step) => step.title);
      templates++;
      if (produced.length === expected.length && produced.every((title, index) => title === expected[index])) exact++;
      rows.push({ score: scoreSteps(expected, produced), ms: 0 });
      naiveRows.push({ score: scoreSteps(expected, naiveSteps(notes)), ms: 0 });
    }
  }
  console.log(`\nThe template library loaded into "Write Process" and generated offline (${templates} templates): ${exact} come back with exactly their own steps`);
  console.log(`    offline structurer     ${summarise(rows)}`);
  console.log(`    naive split (baseline) ${summarise(naiveRows)}`);
}

/** An hour-long narration is one unpunctuated sentence: the structurer against one plain tagger pass over it. */
function longTranscript(items: EvalItem[]) {
  const spoken = items.filter((item) => item.style === 'spoken').map((item) => item.text);
  let text = '';
  while (text.split(' ').length < 4000) text += `${spoken.join(' ')} `;
  text = text.split(' ').slice(0, 4000).join(' ');
  let started = performance.now();
  const steps = structureText(text).steps.length;
  const structured = performance.now() - started;
  started = performance.now();
  nlp(text).json();
  const tagged = performance.now() - started;
  console.log(`\nA 4,000-word unpunctuated transcript (about 27 minutes of speech): the structurer ${(structured / 1000).toFixed(2)} s (${steps} steps), one tagger pass over it unchunked (the baseline) ${(tagged / 1000).toFixed(2)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
