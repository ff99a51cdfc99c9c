const path = require('node:path');
const { createFederatedAppConfig, workspaceRoot } = require('@sopwright/web-client/webpack');

// The shell finds this remote through /remotes.json; these names are its public API.
module.exports = createFederatedAppConfig({
  name: 'dashboard',
  dir: __dirname,
  outputPath: path.join(workspaceRoot, 'dist/web/remotes/dashboard'),
  exposes: {
    './DashboardPage': './src/dashboard/DashboardPage.tsx',
    './WorkspaceMembersPage': './src/workspace/WorkspaceMembersPage.tsx',
    './WorkspaceActivityPage': './src/workspace/activity/WorkspaceActivityPage.tsx',
  },
});
