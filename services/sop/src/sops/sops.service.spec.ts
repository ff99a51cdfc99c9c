import { migrateServiceDatabase } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createSopDataSource, SOP_SCHEMA } from '../database/data-source';
import { SopsService } from './sops.service';

/** The SOP store at service level, against a real Postgres (started by the jest global setup). */
let dataSource: DataSource;
let sops: SopsService;

beforeAll(async () => {
  const url = process.env.SOPWRIGHT_SPEC_DATABASE_URL;
  if (!url) throw new Error('SOPWRIGHT_SPEC_DATABASE_URL is not set: the Postgres global setup did not run');
  dataSource = createSopDataSource(url);
  await dataSource.initialize();
  await migrateServiceDatabase(dataSource, SOP_SCHEMA);
  sops = new SopsService(dataSource);
}, 60_000);
afterAll(async () => dataSource?.destroy());

const newSop = (ownerId: string, creationKey?: string) =>
  sops.create({
    ownerId,
    title: 'Close the till',
    sourceType: 'text',
    origin: 'text',
    steps: [{ title: 'Count the float', details: '' }],
    transcript: null,
    generatedBy: null,
    ...(creationKey ? { creationKey } : {}),
  });

describe('SopsService summaries', () => {
  it('pages through summaries newest first by keyset, with the step count and first title from the stored steps', async () => {
    const ownerId = randomUUID();
    const created = [];
    for (let index = 0; index < 5; index++) created.push(await newSop(ownerId));
    await sops.create({ ownerId, title: 'No steps yet', sourceType: 'video', origin: 'video', steps: [], transcript: 'long…', generatedBy: { structurer: 'offline', offline: true } });
    const first = await sops.listPage(ownerId, 4);
    // An SOP created between two page reads does not shift the pages after the cursor.
    await newSop(ownerId);
    const second = await sops.listPage(ownerId, 4, first.nextCursor!);
    const whole = (await sops.list(ownerId)).slice(1);
    expect([...first.items, ...second.items].map((summary) => summary.id)).toEqual(whole.map((sop) => sop.id));
    expect(second.nextCursor).toBeNull();
    expect(first.items[0]).toEqual({
      id: first.items[0]!.id,
      title: 'No steps yet',
      sourceType: 'video',
      origin: 'video',
      generatedBy: { structurer: 'offline', offline: true },
      version: 1,
      createdAt: whole[0]!.createdAt,
      updatedAt: whole[0]!.updatedAt,
      stepCount: 0,
      firstStepTitle: null,
      status: 'draft',
      nextReviewAt: null,
    });
    expect(first.items[1]).toMatchObject({ stepCount: 1, firstStepTitle: 'Count the float' });
    expect(created.every((sop) => [...first.items, ...second.items].some((summary) => summary.id === sop.id))).toBe(true);
  });

  it("refuses a cursor it never gave out, and never shows another owner's SOPs", async () => {
    const ownerId = randomUUID();
    await newSop(randomUUID());
    expect(await sops.listPage(ownerId, 10)).toEqual({ items: [], nextCursor: null });
    await expect(sops.listPage(ownerId, 10, 'not-a-cursor')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(sops.listPage(ownerId, 10, Buffer.from('["yesterday","x"]').toString('base64url'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('SopsService', () => {
  it('creates once per creation key, however often a generation saves', async () => {
    const ownerId = randomUUID();
    const [a, b] = await Promise.all([newSop(ownerId, 'generation:x'), newSop(ownerId, 'generation:x')].map((p) => p.catch(() => null)));
    const again = await newSop(ownerId, 'generation:x');
    expect((await sops.list(ownerId)).map((sop) => sop.id)).toEqual([again.id]);
    expect([a, b].filter(Boolean).every((sop) => sop!.id === again.id)).toBe(true);
  });

  it('keeps the content a save replaces as a version, and makes none when nothing changed', async () => {
    const ownerId = randomUUID();
    const sop = await newSop(ownerId);
    const edited = await sops.update(ownerId, sop.id, { title: 'Close the till at nine', steps: [{ title: 'Count the float', details: 'Twice' }] });
    const same = await sops.update(ownerId, sop.id, { title: 'Close the till at nine', steps: [{ title: 'Count the float', details: 'Twice' }] });
    expect([edited.version, same.version]).toEqual([2, 2]);
    const versions = await sops.listVersions(ownerId, sop.id);
    expect(versions.map((version) => [version.version, version.title])).toEqual([[1, 'Close the till']]);
    expect((await sops.getVersion(ownerId, sop.id, versions[0]!.id)).steps).toEqual(sop.steps);
  });

  it('keeps both contents when two saves race, and restoring is a save like any other', async () => {
    const ownerId = randomUUID();
    const sop = await newSop(ownerId);
    await Promise.all(['Edit A', 'Edit B'].map((title) => sops.update(ownerId, sop.id, { title, steps: [] })));
    const versions = await sops.listVersions(ownerId, sop.id);
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
    const restored = await sops.restoreVersion(ownerId, sop.id, versions[1]!.id);
    expect(restored).toMatchObject({ title: 'Close the till', version: 4 });
    expect(await sops.listVersions(ownerId, sop.id)).toHaveLength(3);
  });

  it('finds nothing of another owner', async () => {
    const sop = await newSop(randomUUID());
    await expect(sops.get(randomUUID(), sop.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(sops.update(randomUUID(), sop.id, { title: 'Taken', steps: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
