import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from './ports';
import { repoRoot } from './stack';
import type { ProcessRun } from './supervisor';

/**
 * A local Prometheus scraping the stack (`npm run observe`), so a developer sees the figures an
 * operator's Prometheus would. Debian's `prometheus` binary: the one on the PATH, or, so that
 * nothing installs a system service that starts on its own, taken out of Debian's package
 * with `apt-get download` and `dpkg-deb -x` into node_modules/.cache.
 */
const cacheDir = join(repoRoot, 'node_modules/.cache/sopwright-prometheus');
const cachedBinary = join(cacheDir, 'usr/bin/prometheus');

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export function ensurePrometheus(): string {
  if (onPath('prometheus')) return 'prometheus';
  if (existsSync(cachedBinary)) return cachedBinary;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'fetch-'));
  try {
    const download = () => spawnSync('apt-get', ['download', 'prometheus'], { cwd: work, encoding: 'utf8' });
    let result = download();
    // A fresh machine may have no package lists yet.
    if (result.status !== 0 && process.getuid?.() === 0) {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
      result = download();
    }
    if (result.status !== 0) throw new Error(`Prometheus is not installed and Debian's package could not be downloaded (apt-get download prometheus: ${result.stderr.trim()}). Install it: apt-get install prometheus`);
    const deb = readdirSync(work).find((file) => file.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download prometheus left no .deb');
    execFileSync('dpkg-deb', ['-x', join(work, deb), join(work, 'root')]);
    mkdirSync(join(cacheDir, 'usr/bin'), { recursive: true });
    renameSync(join(work, 'root/usr/bin/prometheus'), cachedBinary);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return cachedBinary;
}

/** Prometheus's file-based discovery: each process of the stack as a target, labelled with its name (sop-1…). */
export async function writeScrapeTargets(file: string, metrics: ReadonlyMap<string, string>): Promise<void> {
  const targets = [...metrics].map(([name, url]) => ({ targets: [new URL(url).host], labels: { process: name } }));
  await writeFile(file, `${JSON.stringify(targets, null, 2)}\n`);
}

export interface RunningPrometheus extends ProcessRun {
  url: string;
}

/** Starts Prometheus on 127.0.0.1:`port`, scraping the targets in `targetsFile` (re-read when it changes), its data in `dir`. */
export async function startPrometheus(dir: string, port: number, targetsFile: string, log: (line: string) => void): Promise<RunningPrometheus> {
  const binary = ensurePrometheus();
  mkdirSync(join(dir, 'data'), { recursive: true });
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global: { scrape_interval: 5s, evaluation_interval: 5s }',
      'scrape_configs:',
      '  - job_name: sopwright',
      // The series carry their own `service` label (auth, sop…).
      '    honor_labels: true',
      '    file_sd_configs:',
      `      - files: [${JSON.stringify(targetsFile)}]`,
      '        refresh_interval: 5s',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--storage.tsdb.retention.time=7d'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let lastLine = '';
  child.stderr.on('data', (chunk: Buffer) => {
    lastLine = chunk.toString().trim().split('\n').at(-1) ?? '';
    if (/level=(error|warn)/.test(lastLine)) log(`prometheus: ${lastLine}`);
  });
  child.stdout.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('Prometheus', async () => {
    if (child.exitCode !== null) throw new Error(`prometheus exited with code ${child.exitCode}: ${lastLine}`);
    const response = await fetch(`${url}/-/ready`);
    if (!response.ok) throw new Error(`not ready (${response.status})`);
  });
  return {
    url,
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
