import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { acceptedEncodings, mountWebApps, precompressedEncoding } from './web-apps';

describe('precompressedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(precompressedEncoding('gzip, deflate, br, zstd')?.encoding).toBe('br');
    expect(precompressedEncoding('gzip;q=1.0, br;q=0')?.encoding).toBe('gzip');
    expect(precompressedEncoding('*')?.encoding).toBe('gzip');
    expect(precompressedEncoding('identity')).toBeUndefined();
    expect(precompressedEncoding(undefined)).toBeUndefined();
    expect([...acceptedEncodings(' GZIP ; q=0.5 ,br')]).toEqual(['gzip', 'br']);
  });
});

describe('mountWebApps', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let webDir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'web-apps-'));
    mkdirSync(join(webDir, 'shell'), { recursive: true });
    mkdirSync(join(webDir, 'remotes/dashboard'), { recursive: true });
    writeFileSync(join(webDir, 'shell/index.html'), '<!doctype html><div id=root></div>');
    for (const file of ['shell/main.js', 'shell/41.cdfeddaf.js', 'remotes/dashboard/remoteEntry.js']) {
      writeFileSync(join(webDir, file), script);
      writeFileSync(join(webDir, `${file}.br`), brotliCompressSync(script));
      writeFileSync(join(webDir, `${file}.gz`), gzipSync(script));
    }
    writeFileSync(join(webDir, 'shell/plain.0123abcd.js'), script);
    const app = express();
    app.use(compression({ threshold: 1024 }));
    mountWebApps(app as unknown as NestExpressApplication, webDir, { dashboard: '/remotes/dashboard/remoteEntry.js' });
    server = await new Promise<Server>((done) => {
      const listening = app.listen(0, '127.0.0.1', () => done(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding: string) => fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a hashed chunk, cached for a year, as JavaScript', async () => {
    const response = await get('/41.cdfeddaf.js', 'gzip, deflate, br');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=UTF-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await response.text()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and entry points with no-cache', async () => {
    const main = await get('/main.js?1af3b6b9', 'gzip');
    expect(main.headers.get('content-encoding')).toBe('gzip');
    expect(main.headers.get('cache-control')).toBe('no-cache');
    expect(await main.text()).toBe(script);
    const entry = await get('/remotes/dashboard/remoteEntry.js', 'br');
    expect(entry.headers.get('content-encoding')).toBe('br');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the file itself without a copy or to a client that takes no compression', async () => {
    const identity = await get('/41.cdfeddaf.js', 'identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(script);
    // No copy on disk: compressed on the fly as before.
    const plain = await get('/plain.0123abcd.js', 'gzip');
    expect(plain.headers.get('content-encoding')).toBe('gzip');
    expect(await plain.text()).toBe(script);
  });

  it('still answers client routes with the shell and unknown remote files with 404', async () => {
    const page = await fetch(`${base}/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('id=root');
    expect((await get('/remotes/dashboard/nothing.js', 'br')).status).toBe(404);
    expect((await get('/remotes/../shell/main.js', 'br')).status).not.toBe(500);
  });
});
