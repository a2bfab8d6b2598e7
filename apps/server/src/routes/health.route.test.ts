import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/test-app';

describe.each(dialects)('GET /api/health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports the database as reachable with its version and the latest migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.dialect).toBe(dialect);
    expect(body.database.reachable).toBe(true);
    expect(body.database.version).toMatch(dialect === 'sqlite' ? /^SQLite 3\./ : /^PostgreSQL \d+/);
    expect(body.database.migration).toBe('0005-campaign-workspace');
    expect(body.ingest).toMatchObject({ accepted: 0, dropped: { bot: 0, invalid: 0 } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});
