// One lint config for the whole workspace. The module-boundary rule is the architecture's
// guard rail: services and remotes meet only through libs/ and the wire, never by import.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib-shared', onlyDependOnLibsWithTags: ['type:lib-shared'] },
            { sourceTag: 'type:lib-server', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-server'] },
            { sourceTag: 'type:lib-web', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-web'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-server'] },
            { sourceTag: 'type:web-host', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-web'] },
            { sourceTag: 'type:web-remote', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-web'] },
            { sourceTag: 'type:web-extension', onlyDependOnLibsWithTags: ['type:lib-shared'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib-shared', 'type:lib-server', 'type:tool'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Build and test configs reach into the workspace root by design.
    files: ['**/*.config.cjs', '**/*.config.js', '**/*.config.mjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
