import type { Workspace } from '@sopwright/contracts';
import { MemoryStorage } from '../testing/memory-storage';
import { WORKSPACE_KEY, createWorkspaceSelection, isLostWorkspaceAnswer, requestPath, resolveCurrentWorkspace, withWorkspace } from './workspace-selection';

const personal: Workspace = { id: '6f1c2b0e-7d2a-4f7e-9a51-1c2d3e4f5a6b', name: 'Personal', personal: true, role: 'owner', memberCount: 1 };
const frontDesk: Workspace = { id: '0b6f5e0c-1a2b-4c3d-8e9f-0a1b2c3d4e5f', name: 'Front desk', personal: false, role: 'viewer', memberCount: 3 };
const kitchen: Workspace = { id: '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a', name: 'Kitchen', personal: false, role: 'admin', memberCount: 2 };

describe('the workspace selection', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('starts from the workspace remembered in sopwright.workspace, else the personal one (null)', () => {
    expect(createWorkspaceSelection(() => storage).get()).toBeNull();
    storage.setItem(WORKSPACE_KEY, frontDesk.id);
    expect(WORKSPACE_KEY).toBe('sopwright.workspace');
    expect(createWorkspaceSelection(() => storage).get()).toBe(frontDesk.id);
  });

  it('remembers a team workspace and forgets the key for the personal one, telling subscribers of each change', () => {
    const selection = createWorkspaceSelection(() => storage);
    const listener = jest.fn();
    const unsubscribe = selection.subscribe(listener);
    selection.set(frontDesk.id);
    expect(storage.getItem(WORKSPACE_KEY)).toBe(frontDesk.id);
    selection.set(frontDesk.id);
    expect(listener).toHaveBeenCalledTimes(1);
    selection.set(null);
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
    expect(selection.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    selection.set(kitchen.id);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps each tab in its own workspace: another tab's choice is read by new tabs, not this one", () => {
    const thisTab = createWorkspaceSelection(() => storage);
    thisTab.set(frontDesk.id);
    const otherTab = createWorkspaceSelection(() => storage);
    otherTab.set(kitchen.id);
    expect(thisTab.get()).toBe(frontDesk.id);
    expect(createWorkspaceSelection(() => storage).get()).toBe(kitchen.id);
  });

  it('forgets the choice in memory when the session ends', () => {
    const selection = createWorkspaceSelection(() => storage);
    selection.set(frontDesk.id);
    const listener = jest.fn();
    selection.subscribe(listener);
    storage.removeItem(WORKSPACE_KEY);
    selection.forget();
    expect(selection.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('resolveCurrentWorkspace', () => {
  const list = [personal, frontDesk, kitchen];

  it('is the chosen workspace when the user is in it', () => {
    expect(resolveCurrentWorkspace(list, kitchen.id)).toBe(kitchen);
  });

  it('falls back to the personal one when nothing is chosen or the user is no longer in the chosen one', () => {
    expect(resolveCurrentWorkspace(list, null)).toBe(personal);
    expect(resolveCurrentWorkspace([personal, kitchen], frontDesk.id)).toBe(personal);
  });

  it('is unknown until the list is there', () => {
    expect(resolveCurrentWorkspace(undefined, frontDesk.id)).toBeUndefined();
    expect(resolveCurrentWorkspace([], null)).toBeUndefined();
  });
});

describe('isLostWorkspaceAnswer', () => {
  const lost = { status: 404, data: { statusCode: 404, message: 'Workspace not found', error: 'Not Found' } };

  it("is the server's 404 'Workspace not found' for a route working in the header's workspace", () => {
    expect(isLostWorkspaceAnswer(lost, '/api/sop', frontDesk.id)).toBe(true);
    expect(isLostWorkspaceAnswer(lost, '/api/sop/from-text', frontDesk.id)).toBe(true);
  });

  it('counts a /api/workspaces/:id route only when it is about the workspace sent', () => {
    expect(isLostWorkspaceAnswer(lost, `/api/workspaces/${frontDesk.id}/members`, frontDesk.id)).toBe(true);
    expect(isLostWorkspaceAnswer(lost, `/api/workspaces/${frontDesk.id.toUpperCase()}/invitations`, frontDesk.id)).toBe(true);
    expect(isLostWorkspaceAnswer(lost, `/api/workspaces/${kitchen.id}/members`, frontDesk.id)).toBe(false);
  });

  it('ignores every other answer', () => {
    expect(isLostWorkspaceAnswer({ status: 404, data: { message: 'SOP not found' } }, '/api/sop/1', frontDesk.id)).toBe(false);
    expect(isLostWorkspaceAnswer({ status: 403, data: { message: 'Workspace not found' } }, '/api/sop', frontDesk.id)).toBe(false);
    expect(isLostWorkspaceAnswer({ status: 'FETCH_ERROR', error: 'offline' }, '/api/sop', frontDesk.id)).toBe(false);
    expect(isLostWorkspaceAnswer(undefined, '/api/sop', frontDesk.id)).toBe(false);
  });

  it('reads the path of string and object requests without their query', () => {
    expect(requestPath('/api/sop?limit=100&cursor=x')).toBe('/api/sop');
    expect(requestPath({ url: '/api/workspaces/abc/members' })).toBe('/api/workspaces/abc/members');
  });
});

describe('withWorkspace', () => {
  it('puts a new team among the others by name, after the personal workspace', () => {
    const bar: Workspace = { ...kitchen, id: '11111111-2222-4333-8444-555555555555', name: 'bar' };
    expect(withWorkspace([personal, frontDesk, kitchen], bar).map((w) => w.name)).toEqual(['Personal', 'bar', 'Front desk', 'Kitchen']);
  });

  it('replaces a workspace already listed (joined again, or renamed) instead of listing it twice', () => {
    const renamed = { ...frontDesk, name: 'Reception', memberCount: 4 };
    expect(withWorkspace([personal, frontDesk, kitchen], renamed)).toEqual([personal, kitchen, renamed]);
  });
});
