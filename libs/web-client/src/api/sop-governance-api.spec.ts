import * as contracts from '@sopwright/contracts';
import { MemoryStorage } from '../testing/memory-storage';
import { createAppStore } from '../store/create-app-store';
import { saveSession } from '../session/session-storage';
import { sopwrightApi } from './sopwright-api';
// Its endpoints (the SOP save) are injected on import.
import './sop-api';
import { acknowledgementsCsvUrl } from './sop-governance-api';

class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

const json = (body: unknown, status = 200) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Lets a write's answer land in the cache, and the reads it invalidates start. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
const sopId = '0b6f1a2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';
const userId = '7d1c5a4e-2b3f-4c6d-8e9f-0a1b2c3d4e5f';

const review = (patch: Partial<contracts.SopReview> = {}): contracts.SopReview => ({
  status: 'draft',
  approvedVersion: null,
  approvedBy: null,
  approvedAt: null,
  approverId: null,
  ownerUserId: null,
  reviewIntervalMonths: null,
  nextReviewAt: null,
  currentVersion: 1,
  ...patch,
});

const status = (acknowledgedAt: string | null): contracts.AcknowledgementStatus => ({
  version: 1,
  people: [{ userId, email: 'ada@example.com', assigned: true, acknowledgedAt, lastAcknowledgedVersion: acknowledgedAt ? 1 : null }],
  mine: { assigned: true, acknowledgedAt },
});

describe('SOP governance in the browser', () => {
  describe('endpoints', () => {
    const fetchMock = jest.fn();
    const endpoints = sopwrightApi.endpoints as unknown as Record<string, { initiate: (arg?: unknown) => never; select: (arg: unknown) => (state: unknown) => { data?: unknown } }>;

    beforeAll(() => {
      globalThis.Request = PageRequest;
    });
    beforeEach(() => {
      Object.assign(globalThis, { localStorage: new MemoryStorage() });
      saveSession({ token: 'jwt-1', user: { id: userId, email: 'ada@example.com' } });
      fetchMock.mockReset();
      globalThis.fetch = fetchMock;
    });

    const calls = () => fetchMock.mock.calls.map(([request]: [Request]) => request);
    const sent = () => calls().map((request) => `${request.method} ${new URL(request.url).pathname}`);

    it('reads the access and the review, and shows a submission, approval and interval as they answer', async () => {
      const answers: Record<string, unknown> = {
        [`GET /api/sop/${sopId}/access`]: { workspaceId: userId, role: 'editor', personal: false },
        [`GET /api/sop/${sopId}/review`]: review(),
        [`POST /api/sop/${sopId}/review`]: review({ status: 'in_review', approverId: userId }),
        [`POST /api/sop/${sopId}/approve`]: review({ status: 'approved', approvedVersion: 1, approvedBy: userId, approvedAt: '2026-03-04T10:00:00.000Z' }),
        [`PUT /api/sop/${sopId}/review-interval`]: review({ status: 'approved', reviewIntervalMonths: 6, nextReviewAt: '2026-09-04T10:00:00.000Z' }),
        [`GET /api/sop/${sopId}/acknowledgements`]: status(null),
      };
      fetchMock.mockImplementation(async (request: Request) => json(answers[`${request.method} ${new URL(request.url).pathname}`]));
      const store = createAppStore();
      expect(await store.dispatch(endpoints.getSopAccess.initiate(sopId))).toMatchObject({ data: { role: 'editor', personal: false } });
      await store.dispatch(endpoints.getSopReview.initiate(sopId));
      await store.dispatch(endpoints.getSopAcknowledgements.initiate(sopId));
      const shown = () => endpoints.getSopReview.select(sopId)(store.getState()).data as contracts.SopReview;

      await store.dispatch(endpoints.submitSopForReview.initiate({ sopId, approverId: userId }));
      await tick();
      expect(shown()).toMatchObject({ status: 'in_review', approverId: userId });
      await store.dispatch(endpoints.approveSop.initiate(sopId));
      // Approving changes the version to read: the acknowledgements are read again.
      await tick();
      expect(shown()).toMatchObject({ status: 'approved', approvedVersion: 1 });
      await store.dispatch(endpoints.setSopReviewInterval.initiate({ sopId, months: 6 }));
      await tick();
      expect(shown()).toMatchObject({ reviewIntervalMonths: 6 });

      expect(sent()).toEqual([
        `GET /api/sop/${sopId}/access`,
        `GET /api/sop/${sopId}/review`,
        `GET /api/sop/${sopId}/acknowledgements`,
        `POST /api/sop/${sopId}/review`,
        `POST /api/sop/${sopId}/approve`,
        `GET /api/sop/${sopId}/acknowledgements`,
        `PUT /api/sop/${sopId}/review-interval`,
      ]);
      expect(await calls()[3]!.json()).toEqual({ approverId: userId });
      expect(await calls()[6]!.json()).toEqual({ months: 6 });
      expect(calls()[3]!.headers.get('authorization')).toBe('Bearer jwt-1');
    });

    it('creates a share link with its expiry, revokes one, and reads the list again after each', async () => {
      const created = { id: userId, createdBy: userId, createdAt: '2026-03-04T10:00:00.000Z', expiresAt: null, token: 't'.repeat(43), url: `http://localhost:8080/s/${'t'.repeat(43)}` };
      let links: unknown[] = [];
      fetchMock.mockImplementation(async (request: Request) => {
        const key = `${request.method} ${new URL(request.url).pathname}`;
        if (key.startsWith('GET')) return json(links);
        if (key.startsWith('POST')) {
          links = [created];
          return json(created, 201);
        }
        links = [];
        return json(undefined, 204);
      });
      const store = createAppStore();
      await store.dispatch(endpoints.listShareLinks.initiate(sopId));
      expect(await store.dispatch(endpoints.createShareLink.initiate({ sopId, expiresAt: '2026-04-01T21:59:59.000Z' }))).toMatchObject({ data: { url: created.url } });
      await tick();
      await store.dispatch(endpoints.revokeShareLink.initiate({ sopId, linkId: userId }));
      await tick();
      expect(sent()).toEqual([
        `GET /api/sop/${sopId}/share-links`,
        `POST /api/sop/${sopId}/share-links`,
        `GET /api/sop/${sopId}/share-links`,
        `DELETE /api/sop/${sopId}/share-links/${userId}`,
        `GET /api/sop/${sopId}/share-links`,
      ]);
      expect(await calls()[1]!.json()).toEqual({ expiresAt: '2026-04-01T21:59:59.000Z' });
      expect(endpoints.listShareLinks.select(sopId)(store.getState()).data).toEqual([]);
    });

    it('assigns and acknowledges, showing the status each answers with', async () => {
      fetchMock.mockImplementation(async (request: Request) => json(request.method === 'POST' ? status('2026-03-04T10:00:00.000Z') : status(null)));
      const store = createAppStore();
      await store.dispatch(endpoints.getSopAcknowledgements.initiate(sopId));
      await store.dispatch(endpoints.setSopAssignees.initiate({ sopId, userIds: [userId] }));
      await store.dispatch(endpoints.acknowledgeSop.initiate(sopId));
      await tick();
      expect((endpoints.getSopAcknowledgements.select(sopId)(store.getState()).data as contracts.AcknowledgementStatus).mine.acknowledgedAt).toBe('2026-03-04T10:00:00.000Z');
      expect(sent()).toEqual([`GET /api/sop/${sopId}/acknowledgements`, `PUT /api/sop/${sopId}/assignees`, `POST /api/sop/${sopId}/acknowledgements`]);
      expect(await calls()[1]!.json()).toEqual({ userIds: [userId] });
      expect(acknowledgementsCsvUrl(sopId)).toBe(`/api/sop/${sopId}/acknowledgements.csv`);
    });

    it('reads the review and acknowledgements again when the SOP is saved (a save is a new draft)', async () => {
      const saved = { id: sopId, title: 'T', sourceType: 'text', origin: 'text', steps: [], stepsJson: '[]', version: 2, createdAt: '', updatedAt: '' };
      fetchMock.mockImplementation(async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (request.method === 'PUT') return json(saved);
        return json(path.endsWith('/review') ? review({ currentVersion: 2 }) : status(null));
      });
      const store = createAppStore();
      await store.dispatch(endpoints.getSopReview.initiate(sopId));
      await store.dispatch(endpoints.getSopAcknowledgements.initiate(sopId));
      await store.dispatch(endpoints.updateSop.initiate({ id: sopId, title: 'T', steps: [] }));
      await tick();
      expect(sent().sort()).toEqual(
        [`GET /api/sop/${sopId}/review`, `GET /api/sop/${sopId}/acknowledgements`, `PUT /api/sop/${sopId}`, `GET /api/sop/${sopId}/review`, `GET /api/sop/${sopId}/acknowledgements`].sort(),
      );
    });

    it("uploads a step image into the SOP's own workspace", async () => {
      fetchMock.mockImplementation(async () => json({ imageUrl: '/api/media/images/x' }));
      const store = createAppStore();
      const file = new File([new Uint8Array([1, 2, 3])], 'step.png', { type: 'image/png' });
      expect(await store.dispatch(endpoints.uploadSopStepImage.initiate({ sopId, file }))).toMatchObject({ data: { imageUrl: '/api/media/images/x' } });
      const [request] = calls();
      expect(`${request!.method} ${new URL(request!.url).pathname}${new URL(request!.url).search}`).toBe(`POST /api/sop/upload-image?sopId=${sopId}`);
      expect(((await request!.formData()).get('image') as File).name).toBe('step.png');
    });

    it("passes the server's message on a refused write", async () => {
      fetchMock.mockImplementation(async () => json({ statusCode: 403, message: contracts.permissionMessages['members.manage'], error: 'Forbidden' }, 403));
      const store = createAppStore();
      const result = (await store.dispatch(endpoints.approveSop.initiate(sopId))) as { error?: { data?: { message?: string } } };
      expect(result.error?.data?.message).toBe(contracts.permissionMessages['members.manage']);
    });
  });
});
