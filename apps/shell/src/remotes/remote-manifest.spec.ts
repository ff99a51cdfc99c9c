import { parseRemoteManifest, remoteModuleId } from './remote-manifest';

describe('parseRemoteManifest', () => {
  it('accepts the mapping the server answers', () => {
    const manifest = {
      dashboard: '/remotes/dashboard/remoteEntry.js',
      editor: '/remotes/editor/remoteEntry.js',
      templates: 'https://cdn.example.com/templates/remoteEntry.js',
      billing: ' /remotes/billing/remoteEntry.js ',
    };
    expect(parseRemoteManifest(manifest)).toEqual({ ...manifest, billing: '/remotes/billing/remoteEntry.js' });
  });

  it('accepts an empty object, so each remote fails on its own page', () => {
    expect(parseRemoteManifest({})).toEqual({});
  });

  it.each([null, 'dashboard', 42, ['/remotes/dashboard/remoteEntry.js']])('rejects %p as not an object', (value) => {
    expect(() => parseRemoteManifest(value)).toThrow('/remotes.json must be a JSON object of remote name to entry URL');
  });

  it('rejects a remote without an entry URL', () => {
    expect(() => parseRemoteManifest({ billing: '' })).toThrow('/remotes.json gives remote "billing" no entry URL');
    expect(() => parseRemoteManifest({ billing: 7 })).toThrow('no entry URL');
    expect(() => parseRemoteManifest({ billing: { url: '/x.js' } })).toThrow('no entry URL');
  });

  it('rejects a name the federation runtime cannot use', () => {
    expect(() => parseRemoteManifest({ 'bad name': '/x.js' })).toThrow('invalid remote name "bad name"');
    expect(() => parseRemoteManifest({ '../x': '/x.js' })).toThrow('invalid remote name');
  });
});

describe('remoteModuleId', () => {
  it('joins the remote name and the exposed module without its ./', () => {
    expect(remoteModuleId('dashboard', './DashboardPage')).toBe('dashboard/DashboardPage');
    expect(remoteModuleId('billing', 'PricingPage')).toBe('billing/PricingPage');
  });
});
