import { loadGatewayConfig, remoteManifest } from './config';

const secret = 'x'.repeat(32);

describe('gateway config', () => {
  it('refuses to start without a strong JWT secret', () => {
    expect(() => loadGatewayConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('lets operators move a remote without rebuilding the shell', () => {
    const config = loadGatewayConfig({ JWT_SECRET: secret, REMOTE_BILLING_URL: 'https://cdn.example.com/billing/v42/remoteEntry.js' });
    expect(remoteManifest(config)).toEqual({
      dashboard: '/remotes/dashboard/remoteEntry.js',
      editor: '/remotes/editor/remoteEntry.js',
      templates: '/remotes/templates/remoteEntry.js',
      billing: 'https://cdn.example.com/billing/v42/remoteEntry.js',
    });
  });

  it('reads boolean flags strictly', () => {
    expect(loadGatewayConfig({ JWT_SECRET: secret, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadGatewayConfig({ JWT_SECRET: secret }).COOKIE_SECURE).toBe(false);
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, COOKIE_SECURE: 'yes please' })).toThrow(/COOKIE_SECURE/);
  });

  it('serves metrics on a port of its own (9464 unless told), or not at all with 0', () => {
    expect(loadGatewayConfig({ JWT_SECRET: secret }).METRICS_PORT).toBe(9464);
    expect(loadGatewayConfig({ JWT_SECRET: secret, METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, METRICS_PORT: 'api' })).toThrow(/METRICS_PORT/);
  });
});
