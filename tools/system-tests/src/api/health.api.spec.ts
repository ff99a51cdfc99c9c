import { api } from '../support/api';

describe('GET /api/health', () => {
  it('reports every service behind the gateway as up', async () => {
    const result = await api('GET', '/api/health');
    expect(result).toMatchObject({ status: 200, body: { status: 'ok', details: { auth: 'up', sop: 'up', media: 'up', billing: 'up' } } });
  });

  it('has a readiness of the gateway\'s own (its Redis) and a liveness', async () => {
    expect(await api('GET', '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', details: { redis: 'up' } } });
    expect(await api('GET', '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
