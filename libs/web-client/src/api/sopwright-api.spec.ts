import { MemoryStorage } from '../testing/memory-storage';
import { createAppStore } from '../store/create-app-store';
import { saveSession } from '../session/session-storage';
import { workspaceSelection } from '../workspace/workspace-selection';
import { sopwrightApi } from './sopwright-api';

const probeApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, void>({ query: () => '/api/probe' }),
    probeMembers: build.query<{ ok: boolean }, string>({ query: (workspaceId) => `/api/workspaces/${workspaceId}/members` }),
    probeCreate: build.mutation<{ ok: boolean }, void>({ query: () => ({ url: '/api/probe', method: 'POST' }) }),
  }),
});

const frontDesk = '0b6f5e0c-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const kitchen = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
const workspaceGone = () => new Response('{"statusCode":404,"message":"Workspace not found","error":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });

/** Browsers resolve the relative URLs fetchBaseQuery builds against the page; node needs a base. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

describe('sopwrightApi', () => {
  const fetchMock = jest.fn();
  beforeAll(() => {
    globalThis.Request = PageRequest;
  });

  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    workspaceSelection.set(null);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }));
    globalThis.fetch = fetchMock;
  });

  async function sentRequest(): Promise<Request> {
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    return fetchMock.mock.calls[0][0] as Request;
  }

  it('sends the stored token as a bearer header and includes cookies', async () => {
    saveSession({ token: 'jwt-1', user: { id: 'u1', email: 'a@b.co' } });
    const request = await sentRequest();
    expect(request.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(request.credentials).toBe('include');
  });

  it('sends no authorization header without a session', async () => {
    const request = await sentRequest();
    expect(request.headers.has('authorization')).toBe(false);
  });

  it('does not retry a failed read', async () => {
    fetchMock.mockImplementation(async () => new Response('{"statusCode":500,"message":"boom","error":"x"}', { status: 500 }));
    const store = createAppStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result.isError).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('names the chosen workspace in x-workspace-id, and none for the personal one', async () => {
    workspaceSelection.set(frontDesk);
    expect((await sentRequest()).headers.get('x-workspace-id')).toBe(frontDesk);
    fetchMock.mockClear();
    workspaceSelection.set(null);
    expect((await sentRequest()).headers.has('x-workspace-id')).toBe(false);
  });

  it("drops back to the personal workspace and reads everything again when the server says the user is not in the workspace", async () => {
    workspaceSelection.set(frontDesk);
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(probeApi.endpoints.probe.select()(store.getState()).data).toEqual({ ok: true });

    fetchMock.mockImplementationOnce(async () => workspaceGone());
    await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(workspaceSelection.get()).toBeNull();
    expect(localStorage.getItem('sopwright.workspace')).toBeNull();
    // The cache is empty: nothing read in the workspace left is shown any more.
    expect(probeApi.endpoints.probe.select()(store.getState()).isUninitialized).toBe(true);

    await store.dispatch(probeApi.endpoints.probe.initiate());
    const again = fetchMock.mock.calls.at(-1)![0] as Request;
    expect(again.headers.has('x-workspace-id')).toBe(false);
  });

  it('still fails the write that found out, with the server message, so the person is told', async () => {
    workspaceSelection.set(frontDesk);
    fetchMock.mockImplementationOnce(async () => workspaceGone());
    const store = createAppStore();
    await expect(store.dispatch(probeApi.endpoints.probeCreate.initiate()).unwrap()).rejects.toMatchObject({ status: 404, data: { message: 'Workspace not found' } });
    expect(workspaceSelection.get()).toBeNull();
  });

  it("keeps the current workspace when the 404 is about another workspace named in the path", async () => {
    workspaceSelection.set(frontDesk);
    fetchMock.mockImplementationOnce(async () => workspaceGone());
    const store = createAppStore();
    const result = await store.dispatch(probeApi.endpoints.probeMembers.initiate(kitchen));
    expect(result.isError).toBe(true);
    expect(workspaceSelection.get()).toBe(frontDesk);
  });
});
