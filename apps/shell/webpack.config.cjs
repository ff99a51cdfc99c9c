const path = require('node:path');
const { createFederatedAppConfig, workspaceRoot } = require('@sopwright/web-client/webpack');

// No remotes here on purpose: the shell reads them from /remotes.json at run time.
module.exports = createFederatedAppConfig({
  name: 'shell',
  dir: __dirname,
  outputPath: path.join(workspaceRoot, 'dist/web/shell'),
  htmlTemplate: path.join(__dirname, 'src/index.html'),
});
