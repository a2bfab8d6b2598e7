import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/sqlite/index';
import { verifyEmail } from '../../test/members.fixture';
import {
  createTestApp,
  dialects,
  HEALTH_TOKEN,
  healthDetails,
  type SignedIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';
import { collectEvents, pageview, trackedSite } from '../../test/tracked-site.fixture';

describe.each(dialects)('GET /api/health on %s', (dialect) => {
  let t: TestApp;
  const operatorEmail = uniqueEmail('ops');
  beforeAll(async () => {
    t = await createTestApp(dialect, { adminEmails: [operatorEmail.toUpperCase(), 'cto@example.com'] });
  });
  afterAll(() => t.close());

  it('reports the database as reachable with its version and the latest migration', async () => {
    const body = await healthDetails(t.app);
    expect(body.status).toBe('ok');
    expect(body.database.dialect).toBe(dialect);
    expect(body.database.reachable).toBe(true);
    expect(body.database.version).toMatch(dialect === 'sqlite' ? /^SQLite 3\./ : /^PostgreSQL \d+/);
    // The newest by its numeric prefix, whichever issue added it.
    expect(body.database.migration).toBe(Object.keys(migrations).sort().at(-1));
    expect(body.ingest).toMatchObject({ accepted: 0, dropped: { bot: 0, invalid: 0 } });
    expect(body.memory.rssMb).toBeGreaterThan(body.memory.heapUsedMb);
    expect(body.clickhouse).toBeNull();
  });

  it('tells an anonymous caller the status only: no versions, no counters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    for (const authorization of [`Bearer ${HEALTH_TOKEN}x`, 'Bearer wrong', HEALTH_TOKEN]) {
      const guessed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization } });
      expect(guessed.json(), authorization).toEqual({ status: 'ok' });
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'better-auth.session_token=forged' },
    });
    expect(stale.json()).toEqual({ status: 'ok' });
  });

  it('shows a signed-in user the status only, and the details once their proven address is an operator’s', async () => {
    const health = async (user: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: user.cookie } })).json();
    expect(await health(await signUp(t.app))).toEqual({ status: 'ok' });
    // Signing up with an operator's address proves nothing: the details wait for the verification.
    const operator = await signUp(t.app, operatorEmail);
    expect(await health(operator)).toEqual({ status: 'ok' });
    await verifyEmail(t, operator);
    expect(await health(operator)).toMatchObject({
      status: 'ok',
      database: { reachable: true },
      ingest: { accepted: 0 },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('GET /api/health with ClickHouse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('clickhouse');
  });
  afterAll(() => t.close());

  it("shows ClickHouse's ping and the rows waiting for their copies, which the copying empties", async () => {
    const { siteId, campaign } = await trackedSite(t.app);
    const { background } = t.app.services;
    const { events } = t;
    await background.settle();
    expect((await healthDetails(t.app)).clickhouse).toEqual({ reachable: true, copyBacklog: 0 });
    // With the background passes stopped, a stored click waits for its copy.
    await background.stop();
    const url = `https://shop.test/?ocxid=${campaign.ocxid}`;
    expect((await collectEvents(t.app, siteId, [pageview({ url })])).statusCode).toBe(202);
    await events.settle();
    expect((await healthDetails(t.app)).clickhouse.copyBacklog).toBeGreaterThan(0);
    background.start();
    await background.settle();
    expect((await healthDetails(t.app)).clickhouse).toEqual({ reachable: true, copyBacklog: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.json()).toEqual({ status: 'ok' });
  });
});
