import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export const slides = [
  'Open the settings menu from the top bar',
  'Click the account tab on the left',
  'Enter your new email address in the form',
  'Press save and wait for the confirmation',
  'Open your inbox and find the message',
  'Click the link to confirm the new address',
];

/**
 * The benchmarks' one-minute screen recording: six 10 s slides of 1280x720 with a "Step N:"
 * title (ffmpeg drawtext, DejaVu Sans) and flite narration, VP9/Opus webm. `extraLine`, when
 * given, is drawn under every slide's title (a value automatic redaction should blur).
 */
export async function oneMinuteScreenRecording(dir: string, extraLine?: string): Promise<Buffer> {
  const inputs: string[] = [];
  const chains: string[] = [];
  if (extraLine) await writeFile(join(dir, 'extra.txt'), extraLine);
  for (const [index, said] of slides.entries()) {
    const wav = join(dir, `said-${index}.wav`);
    await run('flite', ['-voice', 'slt', '-t', `${index === 0 ? 'First' : 'Then'} ${said.toLowerCase()}.`, '-o', wav]);
    await writeFile(join(dir, `step-${index}.txt`), `Step ${index + 1}: ${said}`);
    inputs.push('-f', 'lavfi', '-i', `color=c=0x${(0x203040 + index * 0x181008).toString(16)}:s=1280x720:r=15:d=10`, '-i', wav);
    const extra = extraLine ? `,drawtext=fontfile=${font}:textfile=${join(dir, 'extra.txt')}:fontsize=32:fontcolor=white:x=60:y=420` : '';
    chains.push(`[${index * 2}:v]drawtext=fontfile=${font}:textfile=${join(dir, `step-${index}.txt`)}:fontsize=40:fontcolor=white:x=60:y=320${extra}[v${index}]`);
    chains.push(`[${index * 2 + 1}:a]apad,atrim=0:10,aresample=48000[a${index}]`);
  }
  const graph = `${chains.join(';')};${slides.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${slides.length}:v=1:a=1[v][a]`;
  const out = join(dir, extraLine ? 'screen-extra.webm' : 'screen.webm');
  await run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]', '-map', '[a]', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', out]);
  return readFile(out);
}
