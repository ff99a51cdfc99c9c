// The capture extension: three scripts (the service worker, the content script, the popup),
// each one self-contained file as Manifest V3 wants, plus the manifest, the popup's page and
// the icons, into dist/extension (load it unpacked); scripts/package.cjs zips it.
const fs = require('node:fs');
const path = require('node:path');

const src = path.join(__dirname, 'src');
const { version } = require('./package.json');

/** Copies the static files, with the package's version in the manifest. */
class ExtensionFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ExtensionFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ExtensionFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(src, 'manifest.json'), 'utf8'));
        manifest.version = version;
        compilation.emitAsset('manifest.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        for (const file of ['popup/popup.html', 'popup/popup.css']) {
          compilation.fileDependencies.add(path.join(src, file));
          compilation.emitAsset(path.basename(file), new sources.RawSource(fs.readFileSync(path.join(src, file))));
        }
        for (const icon of fs.readdirSync(path.join(src, 'icons')).filter((name) => name.endsWith('.png'))) {
          compilation.emitAsset(`icons/${icon}`, new sources.RawSource(fs.readFileSync(path.join(src, 'icons', icon))));
        }
        compilation.fileDependencies.add(path.join(src, 'manifest.json'));
      });
    });
  }
}

/** The extension must not ship zod: it takes plain values from @sopwright/contracts/constants. */
class NoZodPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('NoZodPlugin', (factory) => {
      factory.hooks.afterResolve.tap('NoZodPlugin', (data) => {
        const resource = data.createData.resource ?? '';
        if (/[\\/]node_modules[\\/]zod[\\/]/.test(resource) || /[\\/]libs[\\/]contracts[\\/]dist[\\/]index\.js$/.test(resource)) {
          throw new Error(`${data.contextInfo.issuer} pulls in zod: import values from '@sopwright/contracts/constants' (types may come from anywhere)`);
        }
      });
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    context: __dirname,
    target: 'web',
    entry: {
      background: './src/background/index.ts',
      content: './src/content/index.ts',
      popup: './src/popup/index.ts',
    },
    output: {
      path: path.join(__dirname, 'dist/extension'),
      filename: '[name].js',
      clean: true,
      // Scripts are injected and run as they are: no chunks to load at run time.
      chunkFormat: false,
      iife: true,
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    // Extension pages' CSP forbids eval, so no eval source maps.
    devtool: production ? false : 'cheap-source-map',
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } },
        },
      ],
    },
    plugins: [new ExtensionFilesPlugin(), new NoZodPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
