/// <reference types="node" />
// (Node types for this test only: it reads Chakra's build from disk.)
import { defaultSystem } from '@chakra-ui/react';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { system } from './system';

/**
 * The system carries only the recipes of the Chakra components this library uses or re-exports
 * (system.ts). This finds every recipe key those components read, by following each one's
 * modules in Chakra's ESM build, so a component added to chakra.ts without its recipe fails here
 * instead of rendering unstyled.
 */
const chakraEsm = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm');
const srcDir = resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Names this library takes from '@chakra-ui/react' (imports and re-exports). */
function namesUsed(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's index: each exported name → the module that defines it ('' for another package's, as Ark's Portal). */
function exportedFrom(): Map<string, string> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8');
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map((match) => [match[1]!, match[2]!]));
  const modules = new Map<string, string>();
  for (const match of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of match[1]!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const from = match[2] ?? namespaces.get(local!);
      if (exported && from) modules.set(exported, from.startsWith('.') ? join(chakraEsm, from) : '');
    }
  }
  return modules;
}

/** Recipe keys read by a module and the Chakra modules it imports (not the theme: it is what is checked). */
function recipeKeys(entry: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.startsWith(join(chakraEsm, 'theme')) || file.endsWith('preset.js')) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.add(match[1]!);
    for (const match of code.matchAll(/from '(\.[^']+\.js)'/g)) visit(resolve(dirname(file), match[1]!));
  };
  visit(entry);
  return keys;
}

describe('the Chakra system', () => {
  it('has the recipe of every component this library uses or re-exports', () => {
    const modules = exportedFrom();
    const names = namesUsed();
    expect(names.has('Menu')).toBe(true);
    const keys = new Set<string>();
    for (const name of names) {
      const module = modules.get(name);
      if (module === undefined) throw new Error(`'${name}' is not an export of Chakra's index`);
      if (module) for (const key of recipeKeys(module)) keys.add(key);
    }
    expect(keys.size).toBeGreaterThan(10);
    const inDefault = [...keys].filter((key) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key));
    const missing = inDefault.filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('keeps the default theme apart from the recipes: tokens, text styles and the brand colours', () => {
    expect(system.token('colors.gray.600')).toBe(defaultSystem.token('colors.gray.600'));
    expect(system.token('fontSizes.2xl')).toBe(defaultSystem.token('fontSizes.2xl'));
    expect(system.token('colors.brand.600')).toBe('#237a71');
    expect(Object.keys(system._config.theme?.textStyles ?? {})).toEqual(Object.keys(defaultSystem._config.theme?.textStyles ?? {}));
    expect(system.isRecipe('kbd')).toBe(false);
  });
});
