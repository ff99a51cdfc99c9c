/// <reference types="node" />
// (Node types for this test only: it reads the installed federation packages from disk.)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { provideFederationRuntime, runtimeForRemotes } from './federation-runtime';

/** Names the remotes' federation runtime imports from runtime-core (a remote's remoteEntry.js is built from these). */
function namesTheRemotesTake(): Set<string> {
  const names = new Set<string>();
  for (const pkg of ['@module-federation/runtime', '@module-federation/webpack-bundler-runtime']) {
    const dist = join(dirname(require.resolve(`${pkg}/package.json`)), 'dist');
    for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      // runtime's core.js (`import * as`) is its '/core' entry, which the bundler runtime does not use.
      for (const match of readFileSync(join(dist, file), 'utf8').matchAll(/import \{([^}]*)\} from "@module-federation\/runtime-core"/g)) {
        for (const part of match[1]!.split(',')) names.add(part.trim().split(/\s+as\s+/)[0]!);
      }
    }
  }
  names.delete('');
  return names;
}

describe('the federation runtime the shell gives the remotes', () => {
  it('has every part of runtime-core their runtime takes, each defined', () => {
    const taken = namesTheRemotesTake();
    expect(taken.has('ModuleFederation')).toBe(true);
    expect([...taken].filter((name) => !(name in runtimeForRemotes))).toEqual([]);
    expect(Object.entries(runtimeForRemotes).filter(([, value]) => value === undefined)).toEqual([]);
  });

  it('is put where remoteEntry.js looks for it, once', () => {
    const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
    delete global._FEDERATION_RUNTIME_CORE;
    provideFederationRuntime();
    expect(global._FEDERATION_RUNTIME_CORE).toBe(runtimeForRemotes);
    provideFederationRuntime();
    expect(global._FEDERATION_RUNTIME_CORE).toBe(runtimeForRemotes);
  });
});
