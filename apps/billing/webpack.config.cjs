const path = require('node:path');
const { createFederatedAppConfig, workspaceRoot } = require('@sopwright/web-client/webpack');

// The shell finds this remote through /remotes.json; these names are its public API.
module.exports = createFederatedAppConfig({
  name: 'billing',
  dir: __dirname,
  outputPath: path.join(workspaceRoot, 'dist/web/remotes/billing'),
  exposes: {
    './PricingPage': './src/pricing/PricingPage.tsx',
    './BillingPage': './src/billing/BillingPage.tsx',
    './ProfileSettingsPage': './src/profile-settings/ProfileSettingsPage.tsx',
    './LocalCheckoutPage': './src/checkout/LocalCheckoutPage.tsx',
    './LocalPortalPage': './src/checkout/LocalPortalPage.tsx',
  },
});
