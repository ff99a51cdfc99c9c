import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../../..');
const eslintBin = resolve(root, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

/** Runs the workspace's real ESLint on a snippet as if it were the file at `path`. */
function boundaryErrors(path: string, code: string): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path], {
    cwd: root,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const [result] = JSON.parse(run.stdout) as LintResult[];
  return (result?.messages ?? []).filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('module boundaries', () => {
  it('fails the lint when a service imports another service', () => {
    const errors = boundaryErrors('services/gateway/src/illegal.ts', "import { AuthService } from '@sopwright/auth';\nexport const x = AuthService;\n");
    expect(errors.join('\n')).toMatch(/type:service/);
  });

  it('fails the lint when a remote imports another remote, by package or by path', () => {
    const byPackage = boundaryErrors('apps/dashboard/src/illegal.ts', "import * as editor from '@sopwright/editor/CreatePage';\nexport const x = editor;\n");
    expect(byPackage.join('\n')).toMatch(/Imports of apps are forbidden|type:web-remote/);
    const byPath = boundaryErrors('apps/dashboard/src/illegal.ts', "import * as editor from '../../editor/src/create/CreatePage';\nexport const x = editor;\n");
    expect(byPath.length).toBeGreaterThan(0);
  });

  it('fails the lint when a web app imports server code', () => {
    const errors = boundaryErrors('apps/shell/src/illegal.ts', "import * as kit from '@sopwright/server-kit';\nexport const x = kit;\n");
    expect(errors.length).toBeGreaterThan(0);
  });

  it('allows a service to use the shared libraries', () => {
    const errors = boundaryErrors(
      'services/gateway/src/legal.ts',
      "import { messages } from '@sopwright/contracts';\nimport { loadConfig } from '@sopwright/server-kit';\nexport const x = [messages, loadConfig];\n",
    );
    expect(errors).toEqual([]);
  });
});
