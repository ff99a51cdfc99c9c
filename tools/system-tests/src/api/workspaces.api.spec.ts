import {
  authMessages,
  billingMessages,
  sopMessages,
  permissionMessages,
  workspaceMessages,
  WORKSPACE_HEADER,
  type CreatedInvitation,
  type Invitation,
  type InvitationPreview,
  type Sop,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@sopwright/contracts';
import { Client } from 'pg';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { seedSop } from '../support/fixtures';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

type User = Awaited<ReturnType<typeof registerUser>>;

/** A request in a workspace: the header the web app sends on routes that list or create. */
async function inWorkspace<T = unknown>(method: string, path: string, user: User, workspaceId: string, json?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${user.token}`, [WORKSPACE_HEADER]: workspaceId };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T & { message?: string } };
}

async function uploadImage(user: User, workspaceId: string) {
  const form = new FormData();
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'step.png');
  const response = await fetch(`${baseUrl()}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}`, [WORKSPACE_HEADER]: workspaceId } });
  return { status: response.status, body: (await response.json()) as { imageUrl?: string; message?: string } };
}

async function invite(inviter: User, workspaceId: string, email: string, role: WorkspaceRole) {
  return api<CreatedInvitation>('POST', `/api/workspaces/${workspaceId}/invitations`, { token: inviter.token, json: { email, role } });
}

/** A team with one member of each role, plus someone outside it. */
async function team() {
  const [owner, admin, editor, viewer, outsider] = await Promise.all([registerUser(), registerUser(), registerUser(), registerUser(), registerUser()]);
  const created = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: '  Front desk  ' } });
  expect(created).toMatchObject({ status: 201, body: { name: 'Front desk', personal: false, role: 'owner', memberCount: 1 } });
  const workspaceId = created.body.id;
  for (const [member, role] of [[admin, 'admin'], [editor, 'editor'], [viewer, 'viewer']] as const) {
    const invitation = await invite(owner, workspaceId, member.email, role);
    expect(invitation.status).toBe(201);
    expect((await api<Workspace>('POST', `/api/invitations/${invitation.body.token}/accept`, { token: member.token })).body).toMatchObject({ id: workspaceId, role });
  }
  return { owner, admin, editor, viewer, outsider, workspaceId };
}

describe('workspaces', () => {
  it('creates a team workspace, invites by link, and accepts an invitation once, by the address invited, before it expires', async () => {
    const owner = await registerUser();
    const invitee = await registerUser();
    const someoneElse = await registerUser();
    const listed = await api<Workspace[]>('GET', '/api/workspaces', { token: owner.token });
    expect(listed.body).toEqual([{ id: owner.user.id, name: 'Personal', personal: true, role: 'owner', memberCount: 1 }]);
    expect(await api('POST', '/api/workspaces', { token: owner.token, json: { name: '   ' } })).toMatchObject({ status: 400, body: { message: workspaceMessages.nameRequired } });
    const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Kitchen' } });

    const created = await invite(owner, workspace.id, `  ${invitee.email.toUpperCase()} `, 'editor');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: invitee.email, role: 'editor', invitedBy: owner.email, emailed: false });
    expect(created.body.url).toBe(`http://localhost:8080/invite/${created.body.token}`);
    expect(Date.parse(created.body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await invite(owner, workspace.id, 'not an email', 'editor')).toMatchObject({ status: 400, body: { message: workspaceMessages.emailInvalid } });
    expect((await invite(owner, workspace.id, invitee.email, 'owner' as WorkspaceRole)).status).toBe(400);
    expect((await api<Invitation[]>('GET', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token })).body.map((i) => i.id)).toEqual([created.body.id]);

    // Anyone holding the link sees what it is for; only the address invited may accept it.
    const preview = await api<InvitationPreview>('GET', `/api/invitations/${created.body.token}`);
    expect(preview).toMatchObject({ status: 200, body: { workspaceName: 'Kitchen', email: invitee.email, role: 'editor', invitedBy: owner.email } });
    expect(await api('POST', `/api/invitations/${created.body.token}/accept`)).toMatchObject({ status: 401 });
    expect(await api('POST', `/api/invitations/${created.body.token}/accept`, { token: someoneElse.token })).toMatchObject({
      status: 403,
      body: { message: workspaceMessages.invitationOtherEmail(invitee.email) },
    });
    const accepted = await api<Workspace>('POST', `/api/invitations/${created.body.token}/accept`, { token: invitee.token });
    expect(accepted).toMatchObject({ status: 200, body: { id: workspace.id, name: 'Kitchen', role: 'editor', memberCount: 2 } });
    // Accepting again (a second click) is the same membership; the link is spent for anyone else.
    expect((await api<Workspace>('POST', `/api/invitations/${created.body.token}/accept`, { token: invitee.token })).body).toMatchObject({ id: workspace.id });
    expect(await api('GET', `/api/invitations/${created.body.token}`)).toMatchObject({ status: 400, body: { message: workspaceMessages.invitationInvalid } });
    expect(await invite(owner, workspace.id, invitee.email, 'viewer')).toMatchObject({ status: 409, body: { message: workspaceMessages.alreadyMember } });
    expect((await api<Workspace[]>('GET', '/api/workspaces', { token: invitee.token })).body.map((w) => w.name)).toEqual(['Personal', 'Kitchen']);

    // Revoked and expired links are refused alike; garbage is too, without a lookup.
    const revoked = await invite(owner, workspace.id, someoneElse.email, 'viewer');
    expect(await api('DELETE', `/api/workspaces/${workspace.id}/invitations/${revoked.body.id}`, { token: owner.token })).toMatchObject({ status: 204 });
    expect(await api('POST', `/api/invitations/${revoked.body.token}/accept`, { token: someoneElse.token })).toMatchObject({ status: 400, body: { message: workspaceMessages.invitationInvalid } });
    const expiring = await invite(owner, workspace.id, someoneElse.email, 'viewer');
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE "auth"."workspace_invitations" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`, [expiring.body.id]);
      // Stored as a hash only.
      expect((await db.query(`SELECT count(*)::int AS n FROM "auth"."workspace_invitations" WHERE "token_hash" = $1`, [expiring.body.token])).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    expect(await api('POST', `/api/invitations/${expiring.body.token}/accept`, { token: someoneElse.token })).toMatchObject({ status: 400, body: { message: workspaceMessages.invitationInvalid } });
    expect(await api('GET', '/api/invitations/not-a-token')).toMatchObject({ status: 400, body: { message: workspaceMessages.invitationInvalid } });
    expect((await api<Invitation[]>('GET', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token })).body).toEqual([]);

    // A personal workspace is never shared.
    expect(await invite(owner, owner.user.id, invitee.email, 'viewer')).toMatchObject({ status: 400, body: { message: workspaceMessages.personalIsPrivate } });
  });

  it('lets each role do what it may in the workspace and refuses the rest with 403, while outsiders find nothing', async () => {
    const { owner, admin, editor, viewer, outsider, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Open the front desk');
    const image = await uploadImage(editor, workspaceId);
    expect(image.status).toBe(200);
    const imageId = image.body.imageUrl!.split('/').pop()!;
    for (const user of [owner, admin, editor, viewer]) await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 2, key: 'ws-pack', reason: 'test' });

    const readers = [owner, admin, editor, viewer];
    const writers = [owner, admin, editor];
    for (const user of readers) {
      const list = await inWorkspace<Sop[]>('GET', '/api/sop', user, workspaceId);
      expect(list.status).toBe(200);
      expect(list.body.map((s) => s.id)).toContain(sop.id);
      expect((await api('GET', `/api/sop/${sop.id}`, { token: user.token })).status).toBe(200);
      expect((await fetch(`${baseUrl()}/api/sop/${sop.id}/export/markdown`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);
      expect((await fetch(`${baseUrl()}${image.body.imageUrl}`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);
      expect((await api<WorkspaceMember[]>('GET', `/api/workspaces/${workspaceId}/members`, { token: user.token })).body).toHaveLength(4);
    }
    for (const user of writers) {
      expect((await api('GET', `/api/sop/${sop.id}/versions`, { token: user.token })).status).toBe(200);
      const edited = await api<Sop>('PUT', `/api/sop/${sop.id}`, { token: user.token, json: { title: `Edited by ${user.email}`, steps: [{ title: 'Unlock the door', details: '' }] } });
      expect(edited.status).toBe(200);
      expect((await api('GET', `/api/media/images/${imageId}/edit`, { token: user.token })).status).toBe(200);
      expect((await uploadImage(user, workspaceId)).status).toBe(200);
    }
    // An image for a step of a team SOP goes to the SOP's workspace, whichever one the app is in (?sopId=).
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00aa00' } }).png().toBuffer())], { type: 'image/png' }), 'x.png');
    const forStep = await fetch(`${baseUrl()}/api/sop/upload-image?sopId=${sop.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${editor.token}` } });
    const { imageUrl: stepImage } = (await forStep.json()) as { imageUrl: string };
    expect((await fetch(`${baseUrl()}${stepImage}`, { headers: { authorization: `Bearer ${viewer.token}` } })).status).toBe(200);
    expect((await api('PUT', `/api/sop/${sop.id}`, { token: editor.token, json: { title: 'With a picture', steps: [{ title: 'Look', details: '', imageUrls: [stepImage] }] } })).status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/sop/upload-image?sopId=${sop.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${viewer.token}` } })).status).toBe(403);

    const versions = await api<{ id: string }[]>('GET', `/api/sop/${sop.id}/versions`, { token: owner.token });
    expect((await api('POST', `/api/sop/${sop.id}/versions/${versions.body.at(-1)!.id}/restore`, { token: editor.token })).status).toBe(200);

    // Generating spends the credits of the member who generates, and the SOP lands in the workspace.
    const generated = await inWorkspace<Sop>('POST', '/api/sop/from-text', editor, workspaceId, { title: 'Close the front desk', text: '1. Count the till\n2. Lock the door\n3. Set the alarm' });
    expect(generated.status).toBe(201);
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: editor.token })).body.credits).toBe(1);
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: owner.token })).body.credits).toBe(2);
    expect((await api('GET', `/api/sop/${generated.body.id}`, { token: viewer.token })).status).toBe(200);
    expect((await api<Sop[]>('GET', '/api/sop', { token: editor.token })).body.map((s) => s.id)).not.toContain(generated.body.id);

    // Viewers read and export, nothing more.
    const refusedEdit = { status: 403, body: { message: permissionMessages['sop.edit'] } };
    expect(await api('PUT', `/api/sop/${sop.id}`, { token: viewer.token, json: { title: 'Mine now', steps: [{ title: 'x', details: '' }] } })).toMatchObject(refusedEdit);
    expect(await api('POST', `/api/sop/${sop.id}/versions/${versions.body.at(-1)!.id}/restore`, { token: viewer.token })).toMatchObject(refusedEdit);
    // Earlier versions include drafts: viewers read the approved version only.
    const refusedHistory = { status: 403, body: { message: permissionMessages['sop.history'] } };
    expect(await api('GET', `/api/sop/${sop.id}/versions`, { token: viewer.token })).toMatchObject(refusedHistory);
    expect(await api('GET', `/api/sop/${sop.id}/versions/${versions.body.at(-1)!.id}`, { token: viewer.token })).toMatchObject(refusedHistory);
    expect(await api('GET', `/api/media/images/${imageId}/edit`, { token: viewer.token })).toMatchObject(refusedEdit);
    expect(await api('POST', `/api/media/images/${imageId}/edits`, { token: viewer.token, json: { edit: { crop: null, shapes: [] } } })).toMatchObject(refusedEdit);
    expect(await uploadImage(viewer, workspaceId)).toMatchObject(refusedEdit);
    expect(await inWorkspace('POST', '/api/sop/from-text', viewer, workspaceId, { title: 'x', text: 'Do the thing.' })).toMatchObject({ status: 403, body: { message: permissionMessages['sop.create'] } });
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: viewer.token })).body.credits).toBe(2);

    // Members are managed by admins and owners only.
    const manage = { status: 403, body: { message: permissionMessages['members.manage'] } };
    for (const user of [editor, viewer]) {
      expect(await invite(user, workspaceId, 'new@example.com', 'viewer')).toMatchObject(manage);
      expect(await api('GET', `/api/workspaces/${workspaceId}/invitations`, { token: user.token })).toMatchObject(manage);
      expect(await api('PATCH', `/api/workspaces/${workspaceId}/members/${owner.user.id}`, { token: user.token, json: { role: 'viewer' } })).toMatchObject(manage);
    }
    expect((await invite(admin, workspaceId, 'new@example.com', 'editor')).status).toBe(201);

    // Outsiders: the workspace, its SOPs and images do not exist for them.
    expect(await inWorkspace('GET', '/api/sop', outsider, workspaceId)).toMatchObject({ status: 404, body: { message: workspaceMessages.notFound } });
    expect(await api('GET', `/api/sop/${sop.id}`, { token: outsider.token })).toMatchObject({ status: 404, body: { message: 'SOP not found' } });
    expect(await api('GET', `/api/sop/${sop.id}/export/pdf`, { token: outsider.token })).toMatchObject({ status: 404, body: { message: 'SOP not found' } });
    expect((await fetch(`${baseUrl()}${image.body.imageUrl}`, { headers: { authorization: `Bearer ${outsider.token}` } })).status).toBe(404);
    expect(await api('GET', `/api/workspaces/${workspaceId}/members`, { token: outsider.token })).toMatchObject({ status: 404, body: { message: workspaceMessages.notFound } });
    expect(await inWorkspace('GET', '/api/sop', outsider, 'not-a-uuid')).toMatchObject({ status: 400 });
  });

  it('changes roles and removes members by the rules, and never leaves a workspace without an owner', async () => {
    const { owner, admin, editor, viewer, workspaceId } = await team();
    const path = (user: User) => `/api/workspaces/${workspaceId}/members/${user.user.id}`;
    // Admins manage editors and viewers, not owners; only owners make owners.
    expect(await api('PATCH', path(viewer), { token: admin.token, json: { role: 'editor' } })).toMatchObject({ status: 200, body: { role: 'editor' } });
    expect(await api('PATCH', path(editor), { token: admin.token, json: { role: 'owner' } })).toMatchObject({ status: 403, body: { message: workspaceMessages.onlyOwnersMakeOwners } });
    expect(await api('PATCH', path(owner), { token: admin.token, json: { role: 'viewer' } })).toMatchObject({ status: 403, body: { message: workspaceMessages.onlyOwnersMakeOwners } });
    expect(await api('PATCH', path(owner), { token: owner.token, json: { role: 'admin' } })).toMatchObject({ status: 409, body: { message: workspaceMessages.lastOwner } });
    expect(await api('DELETE', path(owner), { token: owner.token })).toMatchObject({ status: 409, body: { message: workspaceMessages.lastOwner } });
    expect(await api('PATCH', path(editor), { token: owner.token, json: { role: 'superuser' } })).toMatchObject({ status: 400 });

    // A second owner, then the first may step down and leave.
    expect(await api('PATCH', path(admin), { token: owner.token, json: { role: 'owner' } })).toMatchObject({ status: 200, body: { role: 'owner' } });
    expect((await api('DELETE', path(owner), { token: owner.token })).status).toBe(204);
    expect(await api('GET', `/api/workspaces/${workspaceId}/members`, { token: owner.token })).toMatchObject({ status: 404 });
    // Anyone may leave; a removed member loses access at once.
    expect((await api('DELETE', path(viewer), { token: viewer.token })).status).toBe(204);
    expect((await api('DELETE', path(editor), { token: admin.token })).status).toBe(204);
    expect(await inWorkspace('GET', '/api/sop', editor, workspaceId)).toMatchObject({ status: 404 });
    const members = await api<WorkspaceMember[]>('GET', `/api/workspaces/${workspaceId}/members`, { token: admin.token });
    expect(members.body.map((m) => [m.email, m.role])).toEqual([[admin.email, 'owner']]);
  });

  it('is renamed and deleted by owners only; deleting it takes its SOPs and share links, and members find nothing', async () => {
    const { owner, admin, editor, viewer, outsider, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Greet a visitor');
    const link = await api<{ token: string }>('POST', `/api/sop/${sop.id}/share-links`, { token: editor.token, json: {} });
    const personal = await seedSop(owner.user.id, 'My own checklist');

    for (const user of [admin, editor, viewer]) {
      expect(await api('PATCH', `/api/workspaces/${workspaceId}`, { token: user.token, json: { name: 'Mine' } })).toMatchObject({ status: 403, body: { message: permissionMessages['workspace.manage'] } });
      expect(await api('DELETE', `/api/workspaces/${workspaceId}`, { token: user.token })).toMatchObject({ status: 403, body: { message: permissionMessages['workspace.manage'] } });
    }
    expect((await api('DELETE', `/api/workspaces/${workspaceId}`, { token: outsider.token })).status).toBe(404);
    expect(await api('DELETE', `/api/workspaces/${owner.user.id}`, { token: owner.token })).toMatchObject({ status: 400, body: { message: workspaceMessages.personalCannotChange } });
    expect(await api('PATCH', `/api/workspaces/${workspaceId}`, { token: owner.token, json: { name: '   ' } })).toMatchObject({ status: 400, body: { message: workspaceMessages.nameRequired } });

    expect(await api('PATCH', `/api/workspaces/${workspaceId}`, { token: owner.token, json: { name: ' Reception ' } })).toMatchObject({ status: 200, body: { id: workspaceId, name: 'Reception', role: 'owner' } });
    expect((await api<Workspace[]>('GET', '/api/workspaces', { token: viewer.token })).body.map((w) => w.name)).toEqual(['Personal', 'Reception']);

    expect((await api('DELETE', `/api/workspaces/${workspaceId}`, { token: owner.token })).status).toBe(204);
    for (const user of [owner, admin, editor, viewer]) {
      expect((await api<Workspace[]>('GET', '/api/workspaces', { token: user.token })).body.map((w) => w.name)).toEqual(['Personal']);
      expect((await api('GET', `/api/sop/${sop.id}`, { token: user.token })).status).toBe(404);
      expect((await inWorkspace('GET', '/api/sop', user, workspaceId)).status).toBe(404);
    }
    expect((await api('GET', `/api/share/${link.body.token}`)).status).toBe(404);
    // The owner's own SOPs are untouched; deleting again finds nothing.
    expect((await api('GET', `/api/sop/${personal.id}`, { token: owner.token })).status).toBe(200);
    expect((await api('DELETE', `/api/workspaces/${workspaceId}`, { token: owner.token })).status).toBe(404);
    // Delivered again to the services (a takeover), each step is done already.
    expect(await services().send(sopMessages.deleteAllSops, { ownerId: workspaceId, actorId: owner.user.id })).toEqual({ deleted: 0 });
    expect(await services().send(authMessages.deleteWorkspace, { workspaceId })).toEqual({ ok: true });
  });
});
