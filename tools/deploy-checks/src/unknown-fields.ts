import { join } from 'node:path';
import * as ts from 'typescript';
import type { Manifest } from './manifests';
import { repoRoot } from './paths';

/**
 * Fields the Kubernetes API types do not have (`livenesProbe:`, `imagee:`), which the
 * OpenAPI validators let through and the API server silently drops. Each manifest becomes
 * `const mN: I<Kind> = {...}` against kubernetes-models' TypeScript interfaces, and the
 * TypeScript compiler's excess-property check reports what does not belong. Kinds without
 * interfaces (custom resources) are skipped here; manifests.ts checks them.
 */
export function unknownFields(manifests: Manifest[], skip: (manifest: Manifest) => boolean): string[] {
  // Lives in the project folder (virtually) so that kubernetes-models resolves from the root.
  const file = join(repoRoot, 'tools/deploy-checks/src/__rendered-manifests__.ts');
  const checked = manifests.map((manifest, index) => ({ manifest, index })).filter(({ manifest }) => !skip(manifest));
  const imports = checked.map(({ manifest, index }) => `import type { I${manifest.kind} as T${index} } from 'kubernetes-models/${manifest.apiVersion.includes('/') ? manifest.apiVersion : 'v1'}/${manifest.kind}';`);
  // One manifest per line, so a diagnostic's line says which manifest it is about.
  const declarations = checked.map(({ manifest, index }) => `export const m${index}: T${index} = ${JSON.stringify(manifest)};`);
  const source = [...imports, ...declarations].join('\n');

  const host = ts.createCompilerHost({});
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile.call(host, name, language, ...rest));
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? source : readFile.call(host, name));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    skipLibCheck: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
  };
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const entry = checked[line - imports.length];
    const where = entry ? `${entry.manifest.kind}/${entry.manifest.metadata?.name}` : `line ${line + 1}`;
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}
