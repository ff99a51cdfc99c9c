import { MemoryStorage } from '../testing/memory-storage';
import { createAppStore } from '../store/create-app-store';
import { saveSession } from '../session/session-storage';
import { sopwrightApi } from './sopwright-api';
import { sopExportUrl } from './sop-api';
import './account-api';

class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

const sop = (title: string) => ({
  id: '3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31',
  title,
  sourceType: 'text',
  origin: 'text',
  steps: [],
  stepsJson: '[]',
  transcript: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('SOP and account endpoints', () => {
  const fetchMock = jest.fn();
  const endpoints = sopwrightApi.endpoints as unknown as Record<string, { initiate: (arg?: unknown) => never }>;
  const seen = () => fetchMock.mock.calls.map(([request]: [Request]) => `${request.method} ${new URL(request.url).pathname}`);

  beforeAll(() => {
    globalThis.Request = PageRequest;
  });
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    saveSession({ token: 'jwt-1', user: { id: 'u1', email: 'a@b.co' } });
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('builds export URLs', () => {
    expect(sopExportUrl('abc', 'markdown')).toBe('/api/sop/abc/export/markdown');
  });

  it('uploads a step image as multipart field `image`, leaving the content type to the browser', async () => {
    fetchMock.mockImplementation(async () => json({ imageUrl: '/api/media/images/x' }));
    const store = createAppStore();
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const result = await store.dispatch(endpoints.uploadStepImage.initiate(file));
    expect(result).toMatchObject({ data: { imageUrl: '/api/media/images/x' } });
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/sop/upload-image');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('authorization')).toBe('Bearer jwt-1');
    const form = await request.formData();
    expect((form.get('image') as File).name).toBe('a.png');
  });

  it('refreshes the SOP list after a save, and shows the saved SOP at once', async () => {
    fetchMock.mockImplementation(async (request: Request) => {
      if (request.method === 'PUT') return json(sop('Saved'));
      return json(new URL(request.url).pathname === '/api/sop' ? [sop('Old')] : sop('Old'));
    });
    const store = createAppStore();
    const list = store.dispatch(endpoints.listSops.initiate());
    const one = store.dispatch(endpoints.getSop.initiate('3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31'));
    await Promise.all([list, one]);
    fetchMock.mockClear();

    await store.dispatch(endpoints.updateSop.initiate({ id: '3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31', title: 'Saved', steps: [] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen()).toEqual(['PUT /api/sop/3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31', 'GET /api/sop']);
    const state = store.getState().api.queries['getSop("3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31")'];
    expect((state?.data as { title: string }).title).toBe('Saved');
  });

  it('refreshes the profile after a logo upload and after an update, but not after a failure', async () => {
    let failNext = false;
    fetchMock.mockImplementation(async (request: Request) => {
      if (failNext && request.method !== 'GET') {
        failNext = false;
        return new Response('{"statusCode":400,"message":"nope","error":"Bad Request"}', { status: 400 });
      }
      if (request.method === 'POST') return json({ logoUrl: '/api/media/images/l' });
      return json({ email: 'a@b.co', companyName: null, companyLogoUrl: null });
    });
    const store = createAppStore();
    await store.dispatch(endpoints.getProfile.initiate());
    fetchMock.mockClear();
    await store.dispatch(endpoints.uploadLogo.initiate(new File([new Uint8Array([1])], 'l.png', { type: 'image/png' })));
    await store.dispatch(endpoints.updateProfile.initiate({ companyLogoUrl: null }));
    failNext = true;
    await store.dispatch(endpoints.updateProfile.initiate({ companyName: 'Acme' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen()).toEqual(['POST /api/profile/logo', 'GET /api/profile', 'PUT /api/profile', 'GET /api/profile', 'PUT /api/profile']);
  });
});
