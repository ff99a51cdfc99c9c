// Shared jest preset: SWC transpiles TypeScript (type checking is the typecheck target's job).
module.exports = {
  testEnvironment: 'node',
  // `module-sync` is how ESM-only packages (file-type) offer themselves to require().
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'module-sync'] },
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Many dependencies (Nest 12, file-type, jsdom's parsers) ship ESM only, and jest's module
  // loader on Node 20 cannot require(esm): compile node_modules too (cached after the first run).
  transformIgnorePatterns: [],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
