// Removes from a production node_modules (after `npm ci --omit=dev`) every package that no
// service loads: the root dependencies named on the command line (the web apps' React
// packages, the embedded local stack) and everything only they depend on. What stays is
// the closure, through package-lock.json, of the other root dependencies and of the
// services' and server libraries' own dependencies. Run in the directory of the lock file:
//   node prune-node-modules.cjs react react-dom …
// tools/deploy-checks calls keptPackages() to prove that every package a service imports stays.
'use strict';
const { existsSync, lstatSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');

/** Lock-file keys (node_modules/…) of the packages to keep; throws on a name that is not a root dependency or that a service needs. */
function keptPackages(lock, dropped) {
  const packages = lock.packages;
  const root = packages[''];
  const rootDeps = { ...root.dependencies, ...root.optionalDependencies };
  for (const name of dropped) if (!(name in rootDeps)) throw new Error(`${name} is not a root dependency`);
  const find = (from, name) => {
    for (let dir = from; ; ) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[key]) return key;
      if (!dir) return null;
      const parent = dir.lastIndexOf('/node_modules/');
      dir = parent < 0 ? '' : dir.slice(0, parent);
    }
  };
  const kept = new Set();
  const stack = [];
  const visit = (from, entry, skipDropped) => {
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      if (skipDropped && dropped.includes(name)) continue;
      const key = find(from, name);
      if (key) stack.push(key);
    }
  };
  visit('', root, true);
  for (const [key, entry] of Object.entries(packages)) {
    if (/^(services|libs)\/[^/]+$/.test(key) && !['libs/ui', 'libs/web-client'].includes(key)) visit(key, entry, false);
  }
  while (stack.length > 0) {
    const key = stack.pop();
    if (kept.has(key)) continue;
    kept.add(key);
    const entry = packages[key];
    if (entry.link) {
      kept.add(entry.resolved);
      visit(entry.resolved, packages[entry.resolved] ?? {}, false);
    } else visit(key, entry, false);
  }
  for (const name of dropped) {
    if (kept.has(`node_modules/${name}`)) throw new Error(`${name} is dropped, but a service or server library depends on it`);
  }
  return kept;
}

function main() {
  const dir = process.cwd();
  const lock = JSON.parse(require('node:fs').readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const kept = keptPackages(lock, process.argv.slice(2));
  let removed = 0;
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.includes('node_modules/') || kept.has(key) || entry.link) continue;
    const path = resolve(dir, key);
    if (!existsSync(path)) continue;
    rmSync(path, { recursive: true, force: true });
    removed += 1;
  }
  // Empty scope folders and the commands of removed packages.
  const modules = join(dir, 'node_modules');
  for (const name of readdirSync(modules)) {
    const path = join(modules, name);
    if (name.startsWith('@') && readdirSync(path).length === 0) rmSync(path, { recursive: true });
  }
  const bin = join(modules, '.bin');
  if (existsSync(bin)) {
    for (const name of readdirSync(bin)) {
      const path = join(bin, name);
      try {
        statSync(path);
      } catch {
        if (lstatSync(path).isSymbolicLink()) rmSync(path);
      }
    }
  }
  console.log(`prune-node-modules: removed ${removed} packages, kept ${kept.size}`);
}

module.exports = { keptPackages };
if (require.main === module) main();
