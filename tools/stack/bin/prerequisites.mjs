// Installs what a fresh Debian/Ubuntu machine lacks. Plain Node with no dependencies,
// because it runs before `npm ci` has put anything in node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/**
 * What we need → how to tell it is there (a command on the PATH or a file) and the
 * Debian package that provides it.
 */
const systemNeeds = {
  'redis-server': { command: 'redis-server', debian: 'redis-server' },
  chromium: { command: 'chromium', debian: 'chromium' },
  pdftotext: { command: 'pdftotext', debian: 'poppler-utils' },
  ffmpeg: { command: 'ffmpeg', debian: 'ffmpeg' },
  pocketsphinx: { command: 'pocketsphinx_continuous', debian: 'pocketsphinx' },
  'pocketsphinx-en-us': { file: '/usr/share/pocketsphinx/model/en-us/en-us', debian: 'pocketsphinx-en-us' },
  // Compiles the generation worker's listening language model when it is built.
  'sphinxbase-utils': { command: 'sphinx_lm_convert', debian: 'sphinxbase-utils' },
  tesseract: { command: 'tesseract', debian: 'tesseract-ocr' },
  'tesseract-eng': { file: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata', debian: 'tesseract-ocr-eng' },
  // The PDF template's font stack (services/export/templates/sop.hbs), so that a PDF prints
  // the same here as in the export image: Liberation Sans 2 (metric-compatible with Arial;
  // accented Latin, Greek, Cyrillic), DejaVu Sans for other symbols, WenQuanYi Micro Hei
  // for Chinese, Japanese and Korean (TrueType: Chromium embeds Noto CJK's CFF outlines
  // only as Type 3 fonts).
  'font-liberation-sans': { file: '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', debian: 'fonts-liberation2' },
  'font-dejavu-sans': { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', debian: 'fonts-dejavu-core' },
  'font-cjk': { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', debian: 'fonts-wqy-microhei' },
  // Speech synthesis for test fixtures only (pocketsphinx understands flite's voices).
  flite: { command: 'flite', debian: 'flite' },
  // The web image's nginx config is checked with `nginx -t` (tools/deploy-checks).
  nginx: { command: 'nginx', debian: 'nginx-light' },
  // The deployment scripts are checked with it (tools/deploy-checks).
  shellcheck: { command: 'shellcheck', debian: 'shellcheck' },
};

/** What the running stack needs; tests add their own on top. */
export const stackNeeds = ['redis-server', 'chromium', 'font-liberation-sans', 'font-dejavu-sans', 'font-cjk', 'ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'sphinxbase-utils', 'tesseract', 'tesseract-eng'];
export const testNeeds = [...stackNeeds, 'pdftotext', 'flite', 'nginx', 'shellcheck'];

const commandExists = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isPresent = ({ command, file }) => (command ? commandExists(command) : existsSync(file));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new Error(`Sopwright needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  }
}

function ensureSystemPackages(needs) {
  const unknown = needs.filter((need) => !systemNeeds[need]);
  if (unknown.length > 0) throw new Error(`Unknown system prerequisites: ${unknown.join(', ')}`);
  const missing = [...new Set(needs.filter((need) => !isPresent(systemNeeds[need])).map((need) => systemNeeds[need].debian))];
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}.\n` +
        `Install them and run again, for example:\n  sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
    );
  }
  console.log(`Installing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

/** `npm ci` on a fresh clone; `npm install` when package-lock.json changed since the last install. */
function ensureNpmPackages() {
  const marker = join(repoRoot, 'node_modules/.package-lock.json');
  const lock = join(repoRoot, 'package-lock.json');
  if (!existsSync(marker)) {
    console.log('Installing npm packages (npm ci)…');
    try {
      run('npm', ['ci', '--no-audit', '--no-fund']);
    } catch {
      // npm ci refuses lock files that lack other platforms' optional binaries (npm/cli#4828),
      // which a registry mirror may not serve; npm install still installs the locked versions.
      console.log('npm ci refused the lock file; installing the locked versions with npm install…');
      run('npm', ['install', '--no-audit', '--no-fund']);
    }
  } else if (statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
    console.log('package-lock.json changed: updating npm packages…');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

export function ensurePrerequisites({ needs }) {
  checkNode();
  ensureSystemPackages(needs);
  ensureNpmPackages();
}

export const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

export function nx(args) {
  run(join(repoRoot, 'node_modules/.bin/nx'), args, { env: nxEnv });
}

// `node prerequisites.mjs [stack|test]` — used by .ci/run.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensurePrerequisites({ needs: process.argv[2] === 'stack' ? stackNeeds : testNeeds });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

