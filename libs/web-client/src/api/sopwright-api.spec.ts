import { MemoryStorage } from '../testing/memory-storage';
import { createAppStore } from '../store/create-app-store';
import { saveSession } from '../session/session-storage';
import { sopwrightApi } from './sopwright-api';

const probeApi = sopwrightApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, void>({ query: () => '/api/probe' }) }),
});

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
});
