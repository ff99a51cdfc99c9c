import { billingMessages, mediaMessages, type Profile } from '@sopwright/contracts';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { fetchAsUser, tinyPng, upload } from '../support/fixtures';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const MB = 1024 * 1024;

describe('step images', () => {
  it('stores an image and serves it to its owner only, by bearer or cookie', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const uploaded = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'screen.png', type: 'image/png' }, alice.token);
    expect(uploaded.status).toBe(200);
    const imageUrl = uploaded.body!.imageUrl as string;
    expect(imageUrl).toMatch(/^\/api\/media\/images\/[0-9a-f-]{36}$/);

    const own = await fetchAsUser(imageUrl, alice.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(tinyPng);

    const byCookie = await fetch(`${process.env.SOPWRIGHT_TEST_URL}${imageUrl}`, { headers: { cookie: `sopwright_session=${alice.token}` } });
    expect(byCookie.status).toBe(200);
    expect((await fetchAsUser(imageUrl, bob.token)).status).toBe(404);
    expect((await fetchAsUser(imageUrl)).status).toBe(401);
  });

  it('decides the type from the bytes, not the name or declared type', async () => {
    const alice = await registerUser();
    const disguised = await upload('/api/sop/upload-image', 'image', { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'photo.png', type: 'image/png' }, alice.token);
    expect(disguised).toMatchObject({ status: 415, body: { message: 'Only JPEG, PNG or WebP images can be attached' } });
    const svg = await upload('/api/sop/upload-image', 'image', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg' }, alice.token);
    expect(svg.status).toBe(415);
    const realPngNamedTxt = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'notes.txt', type: 'text/plain' }, alice.token);
    expect(realPngNamedTxt.status).toBe(200);
  });

  it('refuses an image over 10MB with 413 and a clear message', async () => {
    const alice = await registerUser();
    const big = Buffer.concat([tinyPng, Buffer.alloc(10 * MB)]);
    const result = await upload('/api/sop/upload-image', 'image', { bytes: big, name: 'huge.png' }, alice.token);
    expect(result).toMatchObject({ status: 413, body: { statusCode: 413, message: 'Images must be 10MB or smaller' } });
  });

  it('decodes every image: too many pixels is 413, a damaged file 415, for step images, logos and photos alike', async () => {
    const alice = await registerUser();
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MB);
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#204080' } }).png().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const tooLarge = { status: 413, body: { message: 'That image is too large: at most 50 megapixels' } };
    const damaged = { status: 415, body: { message: 'That image could not be read: it may be damaged or incomplete' } };

    expect(await upload('/api/sop/upload-image', 'image', { bytes: bomb, name: 'bomb.png' }, alice.token)).toMatchObject(tooLarge);
    expect(await upload('/api/sop/upload-image', 'image', { bytes: truncated, name: 'cut.png' }, alice.token)).toMatchObject(damaged);
    expect(await upload('/api/profile/logo', 'logo', { bytes: bomb, name: 'logo.png' }, alice.token)).toMatchObject(tooLarge);

    await services().send(billingMessages.grantCredits, { userId: alice.user.id, credits: 1, key: 'bomb-pack', reason: 'test' });
    expect(await upload('/api/sop/from-photos', 'photos', { bytes: bomb, name: 'whiteboard.png' }, alice.token)).toMatchObject(tooLarge);
    expect(await upload('/api/sop/from-photos', 'photos', { bytes: truncated, name: 'whiteboard.png' }, alice.token)).toMatchObject(damaged);
    // Refused before anything was charged.
    expect((await api('GET', '/api/usage', { token: alice.token })).body).toEqual({ planType: 'starter', credits: 1 });
  }, 60_000);

  it('bounds the whole body however it is sent, and says when a form has too many parts', async () => {
    const alice = await registerUser();
    const boundary = 'sopwright-boundary';
    const part = (name: string, body: string | Buffer, filename?: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const send = (chunks: Buffer[]) =>
      fetch(`${baseUrl()}/api/sop/upload-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        // A stream: sent chunked, with no Content-Length to refuse it by up front.
        body: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);

    const junk = Array.from({ length: 24 }, () => Buffer.alloc(MB, 0x61));
    const oversized = await send([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="junk"; filename="x.bin"\r\n\r\n`), ...junk]);
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ message: 'Images must be 10MB or smaller' });

    const crowded = await send([...Array.from({ length: 60 }, (_, index) => part(`field${index}`, 'x')), Buffer.from(`--${boundary}--\r\n`)]);
    expect(crowded.status).toBe(400);
    expect(await crowded.json()).toMatchObject({ message: 'The upload has too many parts' });
  }, 60_000);

  it('explains a missing file or a non-multipart request', async () => {
    const alice = await registerUser();
    const wrongField = await upload('/api/sop/upload-image', 'picture', { bytes: tinyPng, name: 'a.png' }, alice.token);
    expect(wrongField).toMatchObject({ status: 400, body: { message: 'Please choose an image to upload' } });
    const json = await api('POST', '/api/sop/upload-image', { token: alice.token, json: { image: 'data' } });
    expect(json).toMatchObject({ status: 400, body: { message: 'Expected a multipart/form-data upload' } });
    expect((await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'a.png' })).status).toBe(401);
  });
});

describe('filing an image under a given id (a retried generation re-saving its frames)', () => {
  it('answers the image already filed under that id, to its owner only', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const uploaded = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'frame.png', type: 'image/png' }, alice.token);
    const imageUrl = (uploaded.body as { imageUrl: string }).imageUrl;
    const imageId = imageUrl.split('/').pop()!;

    // The retry's incoming copy is gone or new: the first filing stands either way.
    const again = await services().send(mediaMessages.ingestImage, { ownerId: alice.user.id, incomingKey: 'incoming/retry-copy', purpose: 'step-image', imageId });
    expect(again).toMatchObject({ imageId, url: imageUrl });
    await expect(
      services().send(mediaMessages.ingestImage, { ownerId: bob.user.id, incomingKey: 'incoming/other', purpose: 'step-image', imageId }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await fetchAsUser(imageUrl, bob.token)).status).toBe(404);
  });
});

describe('profile and company branding', () => {
  it('starts empty, saves a company name and removes it', async () => {
    const alice = await registerUser();
    expect(await api('GET', '/api/profile', { token: alice.token })).toMatchObject({
      status: 200,
      body: { email: alice.email, companyName: null, companyLogoUrl: null },
    });
    const saved = await api<Profile>('PUT', '/api/profile', { token: alice.token, json: { companyName: '  Acme Logistics ' } });
    expect(saved.body).toMatchObject({ companyName: 'Acme Logistics' });
    const cleared = await api<Profile>('PUT', '/api/profile', { token: alice.token, json: { companyName: '' } });
    expect(cleared.body.companyName).toBeNull();
    const hijack = await api('PUT', '/api/profile', { token: alice.token, json: { companyLogoUrl: 'https://evil.example/logo.png' } });
    expect(hijack.status).toBe(400);
  });

  it('uploads a logo, sanitising SVG, and removes it', async () => {
    const alice = await registerUser();
    const hostile =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(2)</script><a href="https://evil.example"><rect width="10" height="10" fill="#0a7"/></a>' +
      '<image href="https://evil.example/track.png"/></svg>';
    const uploaded = await upload('/api/profile/logo', 'logo', { bytes: Buffer.from(hostile), name: 'logo.svg', type: 'image/svg+xml' }, alice.token);
    expect(uploaded.status).toBe(200);
    const logoUrl = uploaded.body!.logoUrl as string;

    const profile = await api<Profile>('GET', '/api/profile', { token: alice.token });
    expect(profile.body.companyLogoUrl).toBe(logoUrl);

    const served = await fetchAsUser(logoUrl, alice.token);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await served.text();
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|alert|onload|evil\.example/i);

    const removed = await api<Profile>('PUT', '/api/profile', { token: alice.token, json: { companyLogoUrl: null } });
    expect(removed.body.companyLogoUrl).toBeNull();
  });

  it('refuses a logo over 5MB and files that are not images', async () => {
    const alice = await registerUser();
    const big = await upload('/api/profile/logo', 'logo', { bytes: Buffer.concat([tinyPng, Buffer.alloc(5 * MB)]), name: 'logo.png' }, alice.token);
    expect(big).toMatchObject({ status: 413, body: { message: 'Logos must be 5MB or smaller' } });
    const pdf = await upload('/api/profile/logo', 'logo', { bytes: Buffer.from('%PDF-1.7\n'), name: 'logo.png' }, alice.token);
    expect(pdf).toMatchObject({ status: 415, body: { message: 'Only JPEG, PNG, WebP or SVG logos can be uploaded' } });
    expect((await api<Profile>('GET', '/api/profile', { token: alice.token })).body.companyLogoUrl).toBeNull();
  });
});
