import { MemoryStorage } from '../testing/memory-storage';
import { createAppStore } from '../store/create-app-store';
import { saveSession } from '../session/session-storage';
import { sopwrightApi } from './sopwright-api';
import { editableImageId } from './image-edit-api';

class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const imageId = '0b6f1a2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';

describe('image edit endpoints', () => {
  const fetchMock = jest.fn();
  const endpoints = sopwrightApi.endpoints as unknown as Record<string, { initiate: (arg?: unknown) => never }>;

  beforeAll(() => {
    globalThis.Request = PageRequest;
  });
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    saveSession({ token: 'jwt-1', user: { id: 'u1', email: 'a@b.co' } });
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('finds the id of an own image URL only', () => {
    expect(editableImageId(`/api/media/images/${imageId}`)).toBe(imageId);
    expect(editableImageId(`/api/media/images/${imageId}/edit`)).toBeNull();
    expect(editableImageId('https://example.com/a.png')).toBeNull();
    expect(editableImageId('/api/media/images/not-an-id')).toBeNull();
  });

  it('reads the edit state, posts an edit as { edit }, and asks for redaction proposals', async () => {
    const state = { imageId, sourceImageId: imageId, sourceUrl: `/api/media/images/${imageId}`, width: 640, height: 480, edit: { crop: null, shapes: [] } };
    fetchMock.mockImplementation(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/edit')) return json(state);
      if (path.endsWith('/edits')) return json({ imageId: 'new', url: '/api/media/images/new' }, 201);
      return json({ shapes: [] });
    });
    const store = createAppStore();
    expect(await store.dispatch(endpoints.getImageEdit.initiate(imageId))).toMatchObject({ data: state });
    const edit = { crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, shapes: [] };
    expect(await store.dispatch(endpoints.applyImageEdit.initiate({ imageId, edit }))).toMatchObject({ data: { url: '/api/media/images/new' } });
    expect(await store.dispatch(endpoints.proposeRedactions.initiate(imageId))).toMatchObject({ data: { shapes: [] } });

    const calls = fetchMock.mock.calls.map(([request]: [Request]) => request);
    expect(calls.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      `GET /api/media/images/${imageId}/edit`,
      `POST /api/media/images/${imageId}/edits`,
      `POST /api/media/images/${imageId}/redactions`,
    ]);
    expect(await calls[1].json()).toEqual({ edit });
    expect(calls[1].headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it("passes the server's message on a refused edit", async () => {
    fetchMock.mockImplementation(async () => json({ statusCode: 400, message: 'The crop keeps too little of the image', error: 'Bad Request' }, 400));
    const store = createAppStore();
    const result = (await store.dispatch(endpoints.applyImageEdit.initiate({ imageId, edit: { crop: null, shapes: [] } }))) as { error?: { data?: { message?: string } } };
    expect(result.error?.data?.message).toBe('The crop keeps too little of the image');
  });
});
