// webpack 5.107+ moved some of its internal files; @module-federation/enhanced 2.9.x still
// requires them at their old paths (webpack/webpack#20985). Send only those requests to the
// new paths, and only when the old one is missing, so this becomes a no-op once they agree.
const Module = require('node:module');

const movedInternals = {
  'webpack/lib/HotUpdateChunk': 'webpack/lib/graph/HotUpdateChunk',
  'webpack/lib/ModuleFactory': 'webpack/lib/module/ModuleFactory',
  'webpack/lib/dependencies/EntryDependency': 'webpack/lib/entry/EntryDependency',
  'webpack/lib/dependencies/ModuleDependency': 'webpack/lib/dependencies/core/ModuleDependency',
  'webpack/lib/dependencies/StaticExportsDependency': 'webpack/lib/dependencies/core/StaticExportsDependency',
  'webpack/lib/util/extractUrlAndGlobal': 'webpack/lib/externals/extractUrlAndGlobal',
  'webpack/lib/util/fs': 'webpack/lib/fs/fs',
  'webpack/lib/util/semver': 'webpack/lib/sharing/semver',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveMovedWebpackInternal(request, ...rest) {
  try {
    return resolveFilename.call(this, request, ...rest);
  } catch (error) {
    const moved = movedInternals[request.replace(/\.js$/, '')];
    if (error.code !== 'MODULE_NOT_FOUND' || !moved) throw error;
    return resolveFilename.call(this, moved, ...rest);
  }
};
