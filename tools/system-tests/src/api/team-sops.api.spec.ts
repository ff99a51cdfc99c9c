import {
  ACKNOWLEDGEMENT_TEXT,
  billingMessages,
  messages,
  sopMessages,
  workspaceMessages,
  permissionMessages,
  reviewMessages,
  shareMessages,
  WORKSPACE_HEADER,
  type AcknowledgementStatus,
  type ActivityEntry,
  type CreatedShareLink,
  type SharedSop,
  type Sop,
  type SopReview,
  type Workspace,
} from '@sopwright/contracts';
import { Client } from 'pg';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { seedSop } from '../support/fixtures';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

type User = Awaited<ReturnType<typeof registerUser>>;

async function team() {
  const [owner, admin, editor, viewer, outsider] = await Promise.all([registerUser(), registerUser(), registerUser(), registerUser(), registerUser()]);
  const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Warehouse' } });
  for (const [member, role] of [[admin, 'admin'], [editor, 'editor'], [viewer, 'viewer']] as const) {
    const { body: invitation } = await api<CreatedShareLink>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: member.email, role } });
    expect((await api('POST', `/api/invitations/${invitation.token}/accept`, { token: member.token })).status).toBe(200);
  }
  return { owner, admin, editor, viewer, outsider, workspaceId: workspace.id };
}

const put = (user: User, sopId: string, title: string, steps: Sop['steps']) => api<Sop>('PUT', `/api/sop/${sopId}`, { token: user.token, json: { title, steps } });

async function uploadImage(user: User, workspaceId: string, colour: string) {
  const form = new FormData();
  const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: colour } }).png().toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'step.png');
  const response = await fetch(`${baseUrl()}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}`, [WORKSPACE_HEADER]: workspaceId } });
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

describe('review, approval and the approved version', () => {
  it('submits to an admin or owner, approves, and keeps readers on the approved version while a new draft is written', async () => {
    const { owner, admin, editor, viewer, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Receive a delivery', { steps: [{ title: 'Check the seal', details: '' }] });
    const review = (user: User) => api<SopReview>('GET', `/api/sop/${sop.id}/review`, { token: user.token });
    expect((await api('GET', `/api/sop/${sop.id}/access`, { token: viewer.token })).body).toEqual({ workspaceId, role: 'viewer', personal: false });
    expect((await api('GET', `/api/sop/${sop.id}/access`, { token: editor.token })).body).toEqual({ workspaceId, role: 'editor', personal: false });
    expect((await review(viewer)).body).toMatchObject({ status: 'draft', approvedVersion: null, currentVersion: 1 });

    expect(await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: viewer.user.id } })).toMatchObject({ status: 400, body: { message: reviewMessages.approverMustManage } });
    expect(await api('POST', `/api/sop/${sop.id}/review`, { token: viewer.token, json: { approverId: admin.user.id } })).toMatchObject({ status: 403, body: { message: permissionMessages['sop.edit'] } });
    expect(await api('POST', `/api/sop/${sop.id}/approve`, { token: admin.token })).toMatchObject({ status: 409, body: { message: reviewMessages.notInReview } });
    const submitted = await api<SopReview>('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: admin.user.id } });
    expect(submitted).toMatchObject({ status: 200, body: { status: 'in_review', approverId: admin.user.id, ownerUserId: editor.user.id } });

    for (const user of [editor, viewer]) expect(await api('POST', `/api/sop/${sop.id}/approve`, { token: user.token })).toMatchObject({ status: 403, body: { message: permissionMessages['members.manage'] } });
    const approved = await api<SopReview>('POST', `/api/sop/${sop.id}/approve`, { token: admin.token });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', approvedVersion: 1, approvedBy: admin.user.id } });
    expect(Date.now() - Date.parse(approved.body.approvedAt!)).toBeLessThan(60_000);
    // Approving again is the same approval.
    expect((await api<SopReview>('POST', `/api/sop/${sop.id}/approve`, { token: admin.token })).body).toMatchObject({ approvedVersion: 1, approvedAt: approved.body.approvedAt });

    // An edit is a new draft; viewers (and their exports) keep the approved version.
    expect((await put(editor, sop.id, 'Receive a delivery (new dock)', [{ title: 'Check the seal', details: '' }, { title: 'Scan the pallet', details: '' }])).status).toBe(200);
    expect((await review(editor)).body).toMatchObject({ status: 'draft', approvedVersion: 1, currentVersion: 2 });
    expect((await api<Sop>('GET', `/api/sop/${sop.id}`, { token: viewer.token })).body).toMatchObject({ title: 'Receive a delivery', version: 1, steps: [{ title: 'Check the seal' }] });
    expect((await api<Sop>('GET', `/api/sop/${sop.id}`, { token: editor.token })).body).toMatchObject({ title: 'Receive a delivery (new dock)', version: 2 });
    const markdown = await (await fetch(`${baseUrl()}/api/sop/${sop.id}/export/markdown`, { headers: { authorization: `Bearer ${viewer.token}` } })).text();
    expect(markdown).toContain('Receive a delivery');
    expect(markdown).not.toContain('Scan the pallet');

    // An owner may approve a review named for someone else.
    expect((await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: admin.user.id } })).status).toBe(200);
    expect((await api<SopReview>('POST', `/api/sop/${sop.id}/approve`, { token: owner.token })).body).toMatchObject({ status: 'approved', approvedVersion: 2, approvedBy: owner.user.id });
    expect((await api<Sop>('GET', `/api/sop/${sop.id}`, { token: viewer.token })).body).toMatchObject({ version: 2, title: 'Receive a delivery (new dock)' });

    // Review every 6 months: the next review date follows the approval.
    const interval = await api<SopReview>('PUT', `/api/sop/${sop.id}/review-interval`, { token: editor.token, json: { months: 6 } });
    expect(interval.body.reviewIntervalMonths).toBe(6);
    const next = new Date(interval.body.approvedAt!);
    next.setUTCMonth(next.getUTCMonth() + 6);
    expect(interval.body.nextReviewAt).toBe(next.toISOString());
    expect(await api('PUT', `/api/sop/${sop.id}/review-interval`, { token: editor.token, json: { months: 0 } })).toMatchObject({ status: 400, body: { message: 'Review interval must be 1 to 60 months' } });
    // The library's summaries carry the status and the due date, for an overdue filter.
    const page = await fetch(`${baseUrl()}/api/sop?limit=10`, { headers: { authorization: `Bearer ${viewer.token}`, [WORKSPACE_HEADER]: workspaceId } });
    const summary = ((await page.json()) as { items: { id: string; status: string; nextReviewAt: string | null }[] }).items.find((item) => item.id === sop.id);
    expect(summary).toMatchObject({ status: 'approved', nextReviewAt: next.toISOString() });

    // A personal workspace has no review.
    const mine = await seedSop(owner.user.id, 'My own notes');
    expect(await api('POST', `/api/sop/${mine.id}/review`, { token: owner.token, json: { approverId: owner.user.id } })).toMatchObject({ status: 400, body: { message: reviewMessages.personalHasNoReview } });
  });
});

describe('read acknowledgements', () => {
  it('records who read which version, asks again after a new approval, and exports the record as CSV', async () => {
    const { admin, editor, viewer, outsider, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Forklift safety', { steps: [{ title: 'Wear a high-visibility vest', details: '' }] });
    expect(await api('PUT', `/api/sop/${sop.id}/assignees`, { token: editor.token, json: { userIds: [outsider.user.id] } })).toMatchObject({ status: 400, body: { message: 'Only members of this workspace can be assigned' } });
    expect(await api('PUT', `/api/sop/${sop.id}/assignees`, { token: viewer.token, json: { userIds: [viewer.user.id] } })).toMatchObject({ status: 403 });
    const assigned = await api<AcknowledgementStatus>('PUT', `/api/sop/${sop.id}/assignees`, { token: editor.token, json: { userIds: [viewer.user.id, editor.user.id] } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.people.filter((p) => p.assigned).map((p) => p.email).sort()).toEqual([editor.email, viewer.email].sort());

    const mine = () => api<{ sopId: string; acknowledged: boolean }[]>('GET', `/api/workspaces/${workspaceId}/assigned`, { token: viewer.token });
    expect((await mine()).body).toEqual([{ sopId: sop.id, title: 'Forklift safety', version: 1, acknowledged: false }]);
    expect((await api<AcknowledgementStatus>('GET', `/api/sop/${sop.id}/acknowledgements`, { token: viewer.token })).body.mine).toEqual({ assigned: true, acknowledgedAt: null });

    const acknowledged = await api<AcknowledgementStatus>('POST', `/api/sop/${sop.id}/acknowledgements`, { token: viewer.token });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.version).toBe(1);
    expect(acknowledged.body.mine.acknowledgedAt).not.toBeNull();
    // Pressing again records nothing new.
    expect((await api<AcknowledgementStatus>('POST', `/api/sop/${sop.id}/acknowledgements`, { token: viewer.token })).body.mine.acknowledgedAt).toBe(acknowledged.body.mine.acknowledgedAt);
    expect((await mine()).body[0]!.acknowledged).toBe(true);

    // A new version is approved: the old acknowledgement stays on record, but it is asked for again.
    await put(editor, sop.id, 'Forklift safety', [{ title: 'Wear a high-visibility vest', details: '' }, { title: 'Sound the horn at corners', details: '' }]);
    await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: admin.user.id } });
    await api('POST', `/api/sop/${sop.id}/approve`, { token: admin.token });
    const after = await api<AcknowledgementStatus>('GET', `/api/sop/${sop.id}/acknowledgements`, { token: admin.token });
    expect(after.body.version).toBe(2);
    expect(after.body.people.find((p) => p.userId === viewer.user.id)).toMatchObject({ assigned: true, acknowledgedAt: null, lastAcknowledgedVersion: 1 });
    expect((await mine()).body[0]).toMatchObject({ version: 2, acknowledged: false });
    await api('POST', `/api/sop/${sop.id}/acknowledgements`, { token: viewer.token });

    const csv = await fetch(`${baseUrl()}/api/sop/${sop.id}/acknowledgements.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('SOP,Person,Version,Acknowledged at (UTC)');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 3).join(','))).toEqual([`Forklift safety,${viewer.email},1`, `Forklift safety,${viewer.email},2`]);
    expect((await fetch(`${baseUrl()}/api/sop/${sop.id}/acknowledgements.csv`, { headers: { authorization: `Bearer ${viewer.token}` } })).status).toBe(403);
    expect(ACKNOWLEDGEMENT_TEXT).toBe('I have read and understood this version');
  });
});

describe('share links', () => {
  it('shows the approved version and its images to anyone with the link until it is revoked or expires', async () => {
    const { admin, editor, viewer, workspaceId } = await team();
    const imageUrl = await uploadImage(editor, workspaceId, '#cc3300');
    const sop = await seedSop(workspaceId, 'Load the van', { steps: [{ title: 'Open the rear doors', details: 'Both of them.', imageUrls: [imageUrl] }] });
    expect(await api('POST', `/api/sop/${sop.id}/share-links`, { token: viewer.token, json: {} })).toMatchObject({ status: 403, body: { message: permissionMessages['sop.edit'] } });
    const link = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: {} });
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`http://localhost:8080/s/${link.body.token}`);
    expect(link.body.expiresAt).toBeNull();

    // Signed out.
    const shared = await api<SharedSop>('GET', `/api/share/${link.body.token}`);
    expect(shared).toMatchObject({ status: 200, body: { title: 'Load the van', approved: false, steps: [{ title: 'Open the rear doors', details: 'Both of them.' }] } });
    expect(shared.headers.get('cache-control')).toBe('no-store');
    const sharedImage = shared.body.steps[0]!.imageUrls![0]!;
    expect(sharedImage).toMatch(new RegExp(`^/api/share/${link.body.token}/images/[0-9a-f-]{36}$`));
    const picture = await fetch(`${baseUrl()}${sharedImage}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(240);
    const pdf = await fetch(`${baseUrl()}/api/share/${link.body.token}/export/pdf`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Another image of the workspace is not reachable through the link.
    const other = await uploadImage(editor, workspaceId, '#0033cc');
    expect((await fetch(`${baseUrl()}/api/share/${link.body.token}/images/${other.split('/').pop()}`)).status).toBe(404);

    // Approved, then edited: the link keeps showing the approved version.
    await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: admin.user.id } });
    await api('POST', `/api/sop/${sop.id}/approve`, { token: admin.token });
    await put(editor, sop.id, 'Load the van (draft)', [{ title: 'Draft step', details: '' }]);
    expect((await api<SharedSop>('GET', `/api/share/${link.body.token}`)).body).toMatchObject({ title: 'Load the van', approved: true });

    // Revoked: the page and the image URL fetched before both stop at once.
    const listed = await api<{ id: string }[]>('GET', `/api/sop/${sop.id}/share-links`, { token: editor.token });
    expect(listed.body.map((l) => l.id)).toEqual([link.body.id]);
    expect((await api('DELETE', `/api/sop/${sop.id}/share-links/${link.body.id}`, { token: editor.token })).status).toBe(204);
    expect(await api('GET', `/api/share/${link.body.token}`)).toMatchObject({ status: 404, body: { message: shareMessages.notFound } });
    expect((await fetch(`${baseUrl()}${sharedImage}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/api/share/${link.body.token}/export/pdf`)).status).toBe(404);
    expect(await api('GET', '/api/share/nonsense')).toMatchObject({ status: 404, body: { message: shareMessages.notFound } });

    // An expired link is refused the same way; an expiry in the past is refused when asked.
    expect(await api('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: { expiresAt: '2020-01-01T00:00:00Z' } })).toMatchObject({ status: 400, body: { message: 'The expiry must be in the future' } });
    const expiring = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
    expect((await api('GET', `/api/share/${expiring.body.token}`)).status).toBe(200);
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE "sop"."sop_share_links" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`, [expiring.body.id]);
      expect((await db.query(`SELECT count(*)::int AS n FROM "sop"."sop_share_links" WHERE "token_hash" = $1`, [expiring.body.token])).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    expect((await api('GET', `/api/share/${expiring.body.token}`)).status).toBe(404);
  });
});

describe('activity log', () => {
  it('records who did what to which SOP, for admins and owners', async () => {
    const { owner, admin, editor, viewer, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Count the stock', { steps: [{ title: 'Print the list', details: '' }] });
    await put(editor, sop.id, 'Count the stock', [{ title: 'Print the count sheet', details: '' }]);
    await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: admin.user.id } });
    await api('POST', `/api/sop/${sop.id}/approve`, { token: admin.token });
    const link = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: {} });
    await api('DELETE', `/api/sop/${sop.id}/share-links/${link.body.id}`, { token: editor.token });
    await fetch(`${baseUrl()}/api/sop/${sop.id}/export/markdown`, { headers: { authorization: `Bearer ${viewer.token}` } });
    await api('PUT', `/api/sop/${sop.id}/assignees`, { token: editor.token, json: { userIds: [viewer.user.id] } });
    await api('POST', `/api/sop/${sop.id}/acknowledgements`, { token: viewer.token });
    await services().send(billingMessages.grantCredits, { userId: owner.user.id, credits: 1, key: 'activity-pack', reason: 'test' });
    const generated = await fetch(`${baseUrl()}/api/sop/from-text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', [WORKSPACE_HEADER]: workspaceId },
      body: JSON.stringify({ title: 'Pack an order', text: '1. Pick the items\n2. Pack the box' }),
    });
    expect(generated.status).toBe(201);
    const created = (await generated.json()) as Sop;

    expect(await api('GET', `/api/workspaces/${workspaceId}/activity`, { token: editor.token })).toMatchObject({ status: 403 });
    const log = await api<ActivityEntry[]>('GET', `/api/workspaces/${workspaceId}/activity`, { token: admin.token });
    const seen = log.body.filter((entry) => entry.sopId === sop.id).map((entry) => [entry.action, entry.actorEmail]).reverse();
    expect(seen).toEqual([
      ['edited', editor.email],
      ['submitted', editor.email],
      ['approved', admin.email],
      ['shared', editor.email],
      ['unshared', editor.email],
      ['exported', viewer.email],
      ['assigned', editor.email],
      ['acknowledged', viewer.email],
    ]);
    // A generation is recorded as created by the member who asked for it.
    expect(log.body.find((entry) => entry.sopId === created.id)).toMatchObject({ action: 'created', actorEmail: owner.email, sopTitle: created.title });
  });
});

async function uploadLogo(user: User, path: string, colour: string) {
  const form = new FormData();
  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: colour } }).png().toBuffer();
  form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  return { status: response.status, body: (await response.json()) as { logoUrl?: string; message?: string } };
}

describe('workspace branding', () => {
  it('is set by admins and owners, read by every member, and carried by the SOP’s exports and share link', async () => {
    const { owner, admin, editor, viewer, outsider, workspaceId } = await team();
    const branding = `/api/workspaces/${workspaceId}/branding`;
    // The owner's own profile branding stays in the personal workspace.
    await api('PUT', '/api/profile', { token: owner.token, json: { companyName: 'Owner Personal Ltd' } });
    expect((await api('GET', branding, { token: viewer.token })).body).toEqual({ companyName: null, companyLogoUrl: null });

    for (const user of [editor, viewer]) {
      expect(await api('PUT', branding, { token: user.token, json: { companyName: 'Nope' } })).toMatchObject({ status: 403, body: { message: permissionMessages['branding.manage'] } });
      expect(await uploadLogo(user, `${branding}/logo`, '#ff0000')).toMatchObject({ status: 403, body: { message: permissionMessages['branding.manage'] } });
    }
    expect((await api('GET', branding, { token: outsider.token })).status).toBe(404);
    expect(await api('PUT', `/api/workspaces/${owner.user.id}/branding`, { token: owner.token, json: { companyName: 'x' } })).toMatchObject({ status: 400, body: { message: workspaceMessages.personalBrandingInProfile } });
    expect(await api('PUT', branding, { token: admin.token, json: { companyName: 'x'.repeat(121) } })).toMatchObject({ status: 400 });

    expect((await api('PUT', branding, { token: admin.token, json: { companyName: '  Northwind Logistics  ' } })).body).toEqual({ companyName: 'Northwind Logistics', companyLogoUrl: null });
    const logo = await uploadLogo(admin, `${branding}/logo`, '#00aa55');
    expect(logo.status).toBe(200);
    expect((await api('GET', branding, { token: viewer.token })).body).toEqual({ companyName: 'Northwind Logistics', companyLogoUrl: logo.body.logoUrl });
    // Every member can load the logo: it is the workspace's image.
    const logoImage = await fetch(`${baseUrl()}${logo.body.logoUrl}`, { headers: { authorization: `Bearer ${viewer.token}` } });
    expect(logoImage.status).toBe(200);

    const sop = await seedSop(workspaceId, 'Seal a container', { steps: [{ title: 'Fit the bolt seal', details: '' }] });
    const html = await (await fetch(`${baseUrl()}/api/sop/${sop.id}/export/html`, { headers: { authorization: `Bearer ${viewer.token}` } })).text();
    expect(html).toContain('Northwind Logistics');
    expect(html).not.toContain('Owner Personal Ltd');
    expect(html).toMatch(/<img[^>]+src="data:image\/png;base64,/);

    const link = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: {} });
    const shared = await api<SharedSop>('GET', `/api/share/${link.body.token}`);
    expect(shared.body.companyName).toBe('Northwind Logistics');
    expect(shared.body.companyLogoUrl).toBe(`/api/share/${link.body.token}/images/${logo.body.logoUrl!.split('/').pop()}`);
    const sharedLogo = await fetch(`${baseUrl()}${shared.body.companyLogoUrl}`);
    expect(sharedLogo.status).toBe(200);
    const { data } = await sharp(Buffer.from(await sharedLogo.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 170, 85]);

    // Removing the logo removes it everywhere; a personal SOP keeps its person's branding.
    expect((await api('PUT', branding, { token: owner.token, json: { companyLogoUrl: null } })).body).toEqual({ companyName: 'Northwind Logistics', companyLogoUrl: null });
    expect((await api<SharedSop>('GET', `/api/share/${link.body.token}`)).body.companyLogoUrl).toBeNull();
    const personal = await seedSop(owner.user.id, 'Water the plants', { steps: [{ title: 'Fill the can', details: '' }] });
    const personalHtml = await (await fetch(`${baseUrl()}/api/sop/${personal.id}/export/html`, { headers: { authorization: `Bearer ${owner.token}` } })).text();
    expect(personalHtml).toContain('Owner Personal Ltd');
    expect(personalHtml).not.toContain('Northwind Logistics');

    const log = await api<ActivityEntry[]>('GET', `/api/workspaces/${workspaceId}/activity`, { token: admin.token });
    expect(log.body.filter((entry) => entry.action === 'branded').map((entry) => [entry.actorEmail, entry.detail.what])).toEqual([
      [owner.email, 'logo removed'],
      [admin.email, 'logo'],
      [admin.email, 'name'],
    ]);
  });
});

describe('deleting an SOP', () => {
  it('is for editors, admins and owners; ends its share link; the log keeps its title; a second delivery is the same delete', async () => {
    const { owner, admin, editor, viewer, outsider, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Close the gate', { steps: [{ title: 'Lock the padlock', details: '' }] });
    const link = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: {} });
    await api('PUT', `/api/sop/${sop.id}/assignees`, { token: editor.token, json: { userIds: [viewer.user.id] } });
    expect(await api('DELETE', `/api/sop/${sop.id}`, { token: viewer.token })).toMatchObject({ status: 403, body: { message: permissionMessages['sop.edit'] } });
    expect(await api('DELETE', `/api/sop/${sop.id}`, { token: outsider.token })).toMatchObject({ status: 404, body: { message: messages.sopNotFound } });
    expect((await api('GET', `/api/sop/${sop.id}`, { token: viewer.token })).status).toBe(200);

    expect((await api('DELETE', `/api/sop/${sop.id}`, { token: editor.token })).status).toBe(204);
    expect(await api('GET', `/api/sop/${sop.id}`, { token: owner.token })).toMatchObject({ status: 404, body: { message: messages.sopNotFound } });
    expect((await api('GET', `/api/share/${link.body.token}`)).status).toBe(404);
    expect((await api<{ id: string }[]>('GET', '/api/sop', { token: owner.token, headers: { [WORKSPACE_HEADER]: workspaceId } })).body.map((s) => s.id)).not.toContain(sop.id);
    expect((await api<{ sopId: string }[]>('GET', `/api/workspaces/${workspaceId}/assigned`, { token: viewer.token })).body.map((a) => a.sopId)).not.toContain(sop.id);
    expect((await api('DELETE', `/api/sop/${sop.id}`, { token: editor.token })).status).toBe(404);

    // A request redelivered to the service after it deleted (a takeover) answers done, and logs once.
    expect(await services().send(sopMessages.deleteSop, { ownerId: workspaceId, sopId: sop.id, actorId: editor.user.id })).toEqual({ ok: true });
    const log = await api<ActivityEntry[]>('GET', `/api/workspaces/${workspaceId}/activity`, { token: admin.token });
    const deleted = log.body.filter((entry) => entry.action === 'deleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ sopId: sop.id, sopTitle: null, actorEmail: editor.email, detail: { title: 'Close the gate', version: 1 } });
    // Never a delete of another workspace's SOP, even by id.
    const elsewhere = await seedSop(outsider.user.id, 'Feed the cat', { steps: [] });
    await expect(services().send(sopMessages.deleteSop, { ownerId: workspaceId, sopId: elsewhere.id, actorId: editor.user.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await api('GET', `/api/sop/${elsewhere.id}`, { token: outsider.token })).status).toBe(200);
  });
});
