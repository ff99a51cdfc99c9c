/// <reference types="node" />
// (Node types for this test only: it reads the shell's sources from disk.)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * What the landing page loads is what bootstrap.tsx imports statically (issue 15's first-load
 * budget): the base entries of the shared libraries, without Redux Toolkit, RTK Query and the
 * signed-in pages' UI parts. Those come with routing/PageWithStore.tsx, imported lazily. One
 * static import of a main entry here would bring them all back to every first visit.
 */
const srcDir = resolve(__dirname, '..');
const notOnTheLandingPage = ['@sopwright/ui', '@sopwright/web-client', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/query/react'];

function resolveSource(from: string, request: string): string {
  const base = resolve(dirname(from), request);
  const file = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${from}: cannot find '${request}'`);
  return file;
}

/** Packages imported statically (type-only imports excepted) from `entry` and the files it reaches. */
function staticImports(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
      if (match[1]) continue;
      const request = match[2]!;
      if (request.startsWith('.')) visit(resolveSource(file, request));
      else packages.set(request, [...(packages.get(request) ?? []), file.slice(srcDir.length + 1)]);
    }
  };
  visit(entry);
  return packages;
}

describe("the landing page's first load", () => {
  const packages = staticImports(resolve(srcDir, 'bootstrap.tsx'));

  it('takes the shared libraries through their base entries only', () => {
    expect(packages.has('@sopwright/ui/base')).toBe(true);
    expect(packages.has('@sopwright/web-client/base')).toBe(true);
    const offending = notOnTheLandingPage.filter((name) => packages.has(name)).map((name) => `${name} (${packages.get(name)!.join(', ')})`);
    expect(offending).toEqual([]);
  });

  it('reaches the other pages and the store only through the lazy PageWithStore', () => {
    const gate = readFileSync(resolve(srcDir, 'routing/RouteGate.tsx'), 'utf8');
    expect(gate).toMatch(/lazy\(\(\) => import\('\.\/PageWithStore'\)\)/);
    const withStore = staticImports(resolve(srcDir, 'routing/PageWithStore.tsx'));
    expect(withStore.has('react-redux')).toBe(true);
  });
});
