// One webpack + Module Federation setup for the shell and every remote, so the list of
// singletons cannot drift between them: a second React, router, Redux store, Chakra system,
// toaster or RTK Query API in a remote would silently break context and state.
const path = require('node:path');
require('./webpack-moved-internals.cjs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // Not 'react-router-dom' (nor 'react-router'): apps reach it through '@sopwright/web-client'
  // (its src/router.ts), so the shell ships only the parts used, still one router for all.
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query/react',
  'react-redux',
  // Not '@chakra-ui/react': apps reach Chakra through '@sopwright/ui' (its src/chakra.ts), which
  // is the singleton, so the shell ships only the parts named there instead of all of Chakra.
  '@emotion/react',
  '@sopwright/ui',
  '@sopwright/web-client',
  // Their parts for the public pages (landing): no Redux, none of the signed-in pages' Chakra
  // parts. Same modules as the main entries re-export, so still one of each.
  '@sopwright/ui/base',
  '@sopwright/web-client/base',
];

function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Accept any release of the installed major, so a remote built a little later still shares. */
function requiredVersionOf(request) {
  const { version } = require(`${packageNameOf(request)}/package.json`);
  return `^${version}`;
}

const sharedSingletons = Object.fromEntries(
  singletons.map((request) => [request, { singleton: true, requiredVersion: requiredVersionOf(request) }]),
);

/**
 * What every page needs, the landing page first: the shell bundles these into main.js
 * (eager) instead of one chunk each, so a first visit makes a few requests rather than a dozen,
 * and the chunks of the other shared modules leave out what main.js already holds.
 */
const eagerInHost = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@emotion/react', '@sopwright/ui/base', '@sopwright/web-client/base']);

const hostShared = Object.fromEntries(
  Object.entries(sharedSingletons).map(([request, config]) => [request, eagerInHost.has(request) ? { ...config, eager: true } : config]),
);

/**
 * Remotes always run inside the shell, which provides every singleton, so they ship no
 * fallback copies: smaller deploys, and no way to end up with a second instance.
 */
const consumedFromHost = Object.fromEntries(
  Object.entries(sharedSingletons).map(([request, config]) => [request, { ...config, import: false }]),
);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, stylesheet and page of 1 KB
 * or more, at the highest levels, so the servers send them as they are (the gateway's static
 * serving, nginx's brotli_static/gzip_static) instead of compressing on every request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const zlib = require('node:zlib');
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
          const buffer = source.buffer();
          if (buffer.length < 1024) continue;
          const brotli = zlib.brotliCompressSync(buffer, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
          });
          const gzip = zlib.gzipSync(buffer, { level: 9 });
          // Not marked immutable, even for a hashed file: webpack would then never rewrite a copy already on disk.
          if (brotli.length < buffer.length) compilation.emitAsset(`${file}.br`, new sources.RawSource(brotli));
          if (gzip.length < buffer.length) compilation.emitAsset(`${file}.gz`, new sources.RawSource(gzip));
        }
      });
    });
  }
}

/**
 * Packages apps reach only through a shared workspace library, which re-exports the parts they
 * use: a direct import from an app would bundle a second copy, whole, into that app.
 */
const onlyThrough = [
  { request: /^@chakra-ui\/react(\/|$)/, lib: '@sopwright/ui', file: 'libs/ui/src/chakra.ts', allowed: path.resolve(__dirname, '../../ui') + path.sep },
  { request: /^react-router(-dom)?(\/|$)/, lib: '@sopwright/web-client', file: 'libs/web-client/src/router.ts', allowed: path.resolve(__dirname, '../../') + path.sep },
];

/** Refuses an app's direct import of a package in `onlyThrough`; libraries and node_modules may. */
class OnlyThroughLibsPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('OnlyThroughLibsPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('OnlyThroughLibsPlugin', (data) => {
        const issuer = data.contextInfo.issuer;
        const rule = issuer && onlyThrough.find((candidate) => candidate.request.test(data.request));
        if (!rule || issuer.includes(`${path.sep}node_modules${path.sep}`) || issuer.startsWith(rule.allowed)) return;
        throw new Error(`${path.relative(process.cwd(), issuer)} imports '${data.request}': import it from '${rule.lib}' (add the name to ${rule.file})`);
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name federation name: 'shell' or the remote's name
 * @param {string} options.dir the app's folder (its webpack.config's __dirname)
 * @param {string} options.outputPath where the build goes
 * @param {Record<string, string>} [options.exposes] remotes only: public module → file
 * @param {string} [options.htmlTemplate] host only: the index.html template
 */
function createFederatedAppConfig({ name, dir, outputPath, exposes, htmlTemplate }) {
  const isHost = Boolean(htmlTemplate);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
        shared: isHost ? hostShared : consumedFromHost,
        // The shell provides every shared module (remotes bring none): use what is loaded, and
        // never load other remotes' entries to compare versions ('version-first' would, once
        // a remote is registered, for every shared module not loaded yet).
        shareStrategy: 'loaded-first',
        // Remotes are found at run time from /remotes.json, so there is nothing to type or list.
        dts: false,
        manifest: false,
        experiments: {
          // A remote takes the federation runtime the shell has loaded (the shell puts it on
          // globalThis._FEDERATION_RUNTIME_CORE before loading any: apps/shell/src/remotes/
          // federation-runtime.ts) instead of shipping its own copy in every remoteEntry.js.
          ...(isHost ? {} : { externalRuntime: true }),
          // Remotes are plain remoteEntry.js URLs (no mf-manifest.json snapshots to read, nothing
          // to preload) loaded in browsers only: leave those parts of the runtime out.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
    ];
    if (isHost) {
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      plugins.push(new HtmlWebpackPlugin({ template: htmlTemplate, publicPath: '/', hash: production }));
    }
    plugins.push(new OnlyThroughLibsPlugin());
    if (production) plugins.push(new PrecompressPlugin());
    return {
      context: dir,
      // A remote's only entry is the container MF adds; the host starts from its async boundary.
      entry: isHost ? { main: './src/index.ts' } : {},
      output: {
        path: outputPath,
        // The host is served at every route (/sop/:id), remotes from wherever /remotes.json says.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        // Entry chunks carry MF's runtime, which cannot contain their own hash; the host's
        // HTML adds ?hash instead, and remoteEntry.js must keep a stable name anyway.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic' } },
                  target: 'es2020',
                },
              },
            },
          },
          // An imported stylesheet is its text, for an app to put in a <style> where it is used
          // (a library's styles, as the image editor's crop tool's), with no CSS pipeline.
          { test: /\.css$/, type: 'asset/source' },
          // The workspace libs are "type": "module" builds of tsc with extensionless imports.
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          // Lets libs/ui take tokens and the recipes it uses from Chakra's theme without the rest.
          { test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/, use: path.join(__dirname, 'chakra-theme-pure-loader.cjs') },
        ],
      },
      plugins,
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFederatedAppConfig, sharedSingletons, workspaceRoot: path.resolve(__dirname, '../../..') };
