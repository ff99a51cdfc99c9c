module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'deploy-checks',
  // Only our own TypeScript needs compiling: kubernetes-models, yaml and dockerfile-utils are
  // CommonJS, and the services' env schemas are read in a child node process (env-schema.ts).
  transformIgnorePatterns: ['/node_modules/'],
  // Without the preset's `module-sync` condition: it would resolve kubernetes-models'
  // @swc/helpers to their ESM build, which jest cannot require untransformed.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
  // The first run fetches helm (a 34 MB npm tarball) into node_modules/.cache/sopwright-helm.
  testTimeout: 120_000,
};
