import type { EditShape, ImageEdit, ImageEditState, RedactionProposals, Sop } from '@sopwright/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { api, registerUser } from '../support/api';
import { fetchAsUser, seedSop, upload } from '../support/fixtures';
import { closeServices } from '../support/services';

afterAll(closeServices);
jest.setTimeout(60_000);

const EMAIL = 'dana.whitfield@example.com';

/** A 1000x300 screenshot: an email on the first line, harmless text on the second. */
async function screenshot(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="300"><rect width="100%" height="100%" fill="#fff"/>
    <text x="40" y="90" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#111">Customer: ${EMAIL}</text>
    <text x="40" y="200" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#111">Press Save to continue</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function ocr(image: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'edit-ocr-'));
  try {
    await writeFile(join(dir, 'i.png'), await sharp(image).resize({ width: 2000 }).png().toBuffer());
    return (await promisify(execFile)('tesseract', [join(dir, 'i.png'), '-', '-l', 'eng'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const bytesOf = async (url: string, token: string) => Buffer.from(await (await fetchAsUser(url, token)).arrayBuffer());
const idOf = (url: string) => url.split('/').pop()!;

async function uploadScreenshot(token: string): Promise<string> {
  const uploaded = await upload('/api/sop/upload-image', 'image', { bytes: await screenshot(), name: 'screen.png', type: 'image/png' }, token);
  expect(uploaded.status).toBe(200);
  return uploaded.body!.imageUrl as string;
}

describe('image edits', () => {
  it('proposes a blur over the email, files the edited image as a new one and keeps the original untouched', async () => {
    const alice = await registerUser();
    const url = await uploadScreenshot(alice.token);
    const original = await bytesOf(url, alice.token);

    const state = await api<ImageEditState>('GET', `${url}/edit`, { token: alice.token });
    expect(state).toMatchObject({ status: 200, body: { imageId: idOf(url), sourceImageId: idOf(url), sourceUrl: url, width: 1000, height: 300, edit: { crop: null, shapes: [] } } });

    const proposals = await api<RedactionProposals>('POST', `${url}/redactions`, { token: alice.token });
    expect(proposals.status).toBe(200);
    expect(proposals.body.shapes).toEqual([expect.objectContaining({ kind: 'redaction', origin: 'auto', reason: 'email', style: 'blur' })]);
    const box = (proposals.body.shapes[0] as Extract<EditShape, { kind: 'redaction' }>).rect;
    // On the first line (its middle near y = 80 of 300), not the second.
    expect(Math.abs((box.y + box.height / 2) * 300 - 80)).toBeLessThan(25);

    const edit: ImageEdit = {
      crop: { x: 0, y: 0, width: 0.9, height: 1 },
      shapes: [...proposals.body.shapes, { kind: 'arrow', from: { x: 0.8, y: 0.9 }, to: { x: 0.6, y: 0.7 }, color: 'red' }, { kind: 'marker', at: { x: 0.95, y: 0.1 }, number: 1, color: 'blue' }],
    };
    const edited = await api<{ imageId: string; url: string }>('POST', `${url}/edits`, { token: alice.token, json: { edit } });
    expect(edited.status).toBe(201);
    expect(edited.body.imageId).not.toBe(idOf(url));
    expect(edited.body.url).toBe(`/api/media/images/${edited.body.imageId}`);

    const flat = await bytesOf(edited.body.url, alice.token);
    expect(await sharp(flat).metadata()).toMatchObject({ format: 'png', width: 900, height: 300 });
    const read = await ocr(flat);
    expect(read).toContain('Save');
    expect(read).not.toContain('example.com');
    expect(read).not.toContain('whitfield');
    // The original is the same bytes, and its words are still there for its owner.
    expect(await bytesOf(url, alice.token)).toEqual(original);
    expect(await ocr(original)).toContain(EMAIL);

    // The same layer again files nothing new; reopening the edited image starts from the original with the layer.
    expect((await api('POST', `${url}/edits`, { token: alice.token, json: { edit } })).body).toEqual(edited.body);
    const reopened = await api<ImageEditState>('GET', `${edited.body.url}/edit`, { token: alice.token });
    expect(reopened.body).toMatchObject({ imageId: edited.body.imageId, sourceImageId: idOf(url), sourceUrl: url, width: 1000, height: 300, edit });

    // Editing the edited image draws a new layer on the original, not on the rendering.
    const second = await api<{ imageId: string; url: string }>('POST', `${edited.body.url}/edits`, { token: alice.token, json: { edit: { crop: null, shapes: [] } } });
    expect(second).toMatchObject({ status: 201, body: { imageId: idOf(url), url } });
  });

  it('lets an SOP show the edited image while its earlier version keeps the one it had', async () => {
    const alice = await registerUser();
    const url = await uploadScreenshot(alice.token);
    const sop = await seedSop(alice.user.id, 'Refund a customer', { steps: [{ title: 'Open the customer', details: 'Find them by email.', imageUrls: [url] }] });
    const edited = await api<{ url: string }>('POST', `${url}/edits`, {
      token: alice.token,
      json: { edit: { crop: null, shapes: [{ kind: 'redaction', rect: { x: 0, y: 0, width: 1, height: 0.5 }, style: 'pixelate', origin: 'manual', reason: 'manual' }] } },
    });
    const updated = await api<Sop>('PUT', `/api/sop/${sop.id}`, {
      token: alice.token,
      json: { title: sop.title, steps: [{ title: 'Open the customer', details: 'Find them by email.', imageUrls: [edited.body.url] }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.steps[0]!.imageUrls).toEqual([edited.body.url]);
    const versions = await api<{ id: string }[]>('GET', `/api/sop/${sop.id}/versions`, { token: alice.token });
    const before = await api<Sop>('GET', `/api/sop/${sop.id}/versions/${versions.body.at(-1)!.id}`, { token: alice.token });
    expect(before.body.steps[0]!.imageUrls).toEqual([url]);
  });

  it('refuses layers that break the rules, with the rule broken, and edits nobody else\'s image', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const url = await uploadScreenshot(alice.token);
    const post = (edit: unknown, token = alice.token) => api<{ message: string }>('POST', `${url}/edits`, { token, json: { edit } });

    expect(await post({ crop: null, shapes: [{ kind: 'rectangle', rect: { x: 0.8, y: 0, width: 0.5, height: 0.5 }, color: 'red' }] })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('A box must lie inside the image') },
    });
    const many = Array.from({ length: 101 }, () => ({ kind: 'marker', at: { x: 0.5, y: 0.5 }, number: 1, color: 'red' }));
    expect(await post({ crop: null, shapes: many })).toMatchObject({ status: 400, body: { message: expect.stringContaining('An image can have at most 100 marks') } });
    expect(await post({ crop: null, shapes: [{ kind: 'text', at: { x: 0, y: 0 }, text: 'x'.repeat(81), color: 'red' }] })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Labels can be at most 80 characters') },
    });
    expect((await post({ crop: null, shapes: [{ kind: 'script', src: 'x' }] })).status).toBe(400);

    // Another user's image answers exactly like a missing one, on every route.
    for (const result of [
      await post({ crop: null, shapes: [] }, bob.token),
      await api('GET', `${url}/edit`, { token: bob.token }),
      await api('POST', `${url}/redactions`, { token: bob.token }),
    ]) {
      expect(result).toMatchObject({ status: 404, body: { message: 'Image not found' } });
    }
    expect((await api('GET', `${url}/edit`)).status).toBe(401);

    const logo = await upload('/api/profile/logo', 'logo', { bytes: await screenshot(), name: 'logo.png', type: 'image/png' }, alice.token);
    const logoUrl = (logo.body as { logoUrl?: string }).logoUrl!;
    expect(await api('POST', `${logoUrl}/edits`, { token: alice.token, json: { edit: { crop: null, shapes: [] } } })).toMatchObject({
      status: 400,
      body: { message: 'Only step images can be edited' },
    });
  });
});
