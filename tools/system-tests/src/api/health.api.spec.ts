import { api } from '../support/api';

describe('GET /api/health', () => {
  it('reports every service behind the gateway as up', async () => {
    const result = await api('GET', '/api/health');
    expect(result).toMatchObject({ status: 200, body: { status: 'ok', details: { auth: 'up' } } });
  });
});
