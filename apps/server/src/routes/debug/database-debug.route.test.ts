import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations as postgresMigrations } from '../../migrations/postgres';
import { migrations as sqliteMigrations } from '../../migrations/sqlite';
import { verifyEmail } from '../../test/members.fixture';
import {
  callAs,
  createTestApp,
  dialects,
  type SignedIn,
  signUp,
  stores,
  type TestApp,
  type TestDialect,
  uniqueEmail,
} from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)('GET /api/debug/database on %s', (store) => {
  // With the events in ClickHouse the rest is in the last SQL dialect (test-app.ts).
  const dialect = store === 'clickhouse' ? (dialects.at(-1) as TestDialect) : store;
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let operator: SignedIn;
  const operatorEmail = uniqueEmail('ops');
  const unprovenOperatorEmail = uniqueEmail('cto');

  beforeAll(async () => {
    t = await createTestApp(store, { adminEmails: [operatorEmail, unprovenOperatorEmail] });
    const site = await trackedSite(t.app);
    owner = site.owner;
    stranger = await signUp(t.app);
    operator = await signUp(t.app, operatorEmail);
    await verifyEmail(t, operator);
    const visit = { visitorId: 'visitor0001', sessionId: trackerId('s') };
    const sent = await collectEvents(t.app, site.siteId, [
      pageview({ ...visit, url: `https://shop.test/spring?ocxid=${site.campaign.ocxid}` }),
      pageview({ ...visit, url: 'https://shop.test/pricing' }),
      { ...pageview(visit), type: 'custom', name: 'purchase', value: 20, currency: 'USD' },
    ]);
    expect(sent.json()).toMatchObject({ accepted: 3 });
  });
  afterAll(() => t.close());

  const report = async (user: SignedIn) => {
    const res = await callAs(t, user, 'GET', '/api/debug/database');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers 401 without a session', async () => {
    const res = await callAs(t, null, 'GET', '/api/debug/database');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Your session has expired. Please log in again.' });
  });

  it('shows a user who does not run the server its reachability and their own rows, nothing about the server', async () => {
    const body = await report(owner);
    expect(body).toEqual({
      reachable: true,
      rowCounts: expect.objectContaining({ websites: 1, events: 3 }),
      checkedAt: expect.any(String),
      server: null,
    });
    // An operator's address without the proof is not an operator.
    const claimer = await signUp(t.app, unprovenOperatorEmail);
    expect((await report(claimer)).server).toBeNull();
  });

  it('shows an operator the dialect, version, a measured round trip and every applied migration with its time', async () => {
    const whole = await report(operator);
    expect(whole.reachable).toBe(true);
    expect(whole.rowCounts).toMatchObject({ websites: 0, events: 0 });
    const body = whole.server;
    expect(body.dialect).toBe(dialect);
    expect(body.version).toMatch(dialect === 'sqlite' ? /^SQLite 3\./ : /^PostgreSQL \d+/);
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
    const names = Object.keys(dialect === 'sqlite' ? sqliteMigrations : postgresMigrations).sort();
    expect(body.migrations.map((m: { name: string }) => m.name)).toEqual(names);
    for (const m of body.migrations) expect(Date.parse(m.appliedAt)).toBeLessThanOrEqual(Date.now());
    expect(body.backlog.derivation).toBe(0);
    expect(body.backlog.crediting).toEqual({ pending: expect.any(Number), failed: 0 });
    expect(body.ingest).toMatchObject({ accepted: 3, stored: 3, dropped: { bot: 0 } });
    expect(body.clickhouse).toEqual(
      store === 'clickhouse' ? { reachable: true, copyBacklog: expect.any(Number) } : null,
    );
  });

  it("counts the owner's own rows: website, goals, campaign, events, the click and the conversion", async () => {
    const { rowCounts } = await report(owner);
    expect(rowCounts).toMatchObject({
      websites: 1,
      goals: 3,
      campaigns: 1,
      funnels: 0,
      events: 3,
      visits: 1,
      clicks: 1,
      conversions: 1,
      apiKeys: 0,
    });
  });

  it("never counts another user's rows", async () => {
    expect(Object.values((await report(stranger)).rowCounts).every((n) => n === 0)).toBe(true);
    await callAs(t, stranger, 'POST', '/api/websites', { name: 'Own', rootDomain: 'own.test' });
    const { rowCounts } = await report(stranger);
    expect(rowCounts).toMatchObject({ websites: 1, goals: 0, campaigns: 0, events: 0, clicks: 0 });
    expect((await report(owner)).rowCounts).toMatchObject({ websites: 1, events: 3, conversions: 1 });
  });
});
