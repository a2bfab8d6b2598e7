import { MAX_LINKED_VISITORS, MAX_PATH_TOUCHPOINTS } from '@ocx/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { attributionCalls, landing, settleCrediting } from '../../test/attribution.fixture';
import { createTestApp, dialects, healthDetails, type TestApp } from '../../test/test-app';
import { pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

/**
 * Issue 17, item 7: crediting is isolated per conversion and bounded per path. One website's
 * abusive data (a user id linked to 40,000 visitors) or broken settings never stop the crediting
 * of another website's conversions, and nothing is retried forever.
 */
describe.each(dialects)('crediting isolation on %s', (dialect) => {
  let t: TestApp;
  let db: ReturnType<typeof openDatabase>;
  let siteA: Awaited<ReturnType<typeof trackedSite>>;
  let siteB: Awaited<ReturnType<typeof trackedSite>>;
  let a: ReturnType<typeof attributionCalls>;
  let b: ReturnType<typeof attributionCalls>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = openDatabase(t.config.database);
    siteA = await trackedSite(t.app);
    siteB = await trackedSite(t.app);
    a = attributionCalls(t, siteA.owner, siteA.siteId);
    b = attributionCalls(t, siteB.owner, siteB.siteId);
    await a.patchWebsite({ scriptConfig: { crossDeviceTracking: true } });
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
  });

  const settle = () => settleCrediting(t);
  // The health token's details: anonymous callers and users who do not run the server get the status only.
  const health = () => healthDetails(t.app);

  it('credits website B while website A has a user id linked to 40,000 visitors; A is credited on its own visitor', async () => {
    const user = 'shared-account';
    const buyer = trackerId('buyer');
    const rows = [buyer, ...Array.from({ length: 40_000 }, (_, i) => `linked-${i}`)].map((visitorId) => ({
      website_id: siteA.siteId,
      visitor_id: visitorId,
      user_id: user,
      ts: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db.db
        .insertInto('identity')
        .values(rows.slice(i, i + 1000))
        .execute();

    await a.collect(
      landing(buyer, `https://shop.test/?ocxid=${siteA.campaign.ocxid}`, { purchase: { value: 12 } }),
    );
    const visitorB = trackerId('other-site');
    await b.collect(
      landing(visitorB, `https://shop.test/?ocxid=${siteB.campaign.ocxid}`, { purchase: { value: 7 } }),
    );
    await settle();

    const [conversionB] = await b.conversionsOf(visitorB);
    const pathB = await b.path(conversionB?.id ?? '');
    expect(pathB).toMatchObject({ pending: false, failed: false, issue: null });
    expect(pathB.touchpoints.map((p) => p.campaignId)).toEqual([siteB.campaign.id]);

    const [conversionA] = await a.conversionsOf(buyer);
    expect(conversionA).toMatchObject({ credit_status: 'credited' });
    const pathA = await a.path(conversionA?.id ?? '');
    expect(pathA.failed).toBe(false);
    expect(pathA.issue).toContain(`linked to more than ${MAX_LINKED_VISITORS} visitors`);
    expect(pathA.touchpoints.map((p) => p.campaignId)).toEqual([siteA.campaign.id]);
    expect((await health()).attribution).toEqual({ pending: 0, failed: 0 });
  });

  it('stores at most 100 visitors per user id from identify events', async () => {
    const user = trackerId('user');
    const events = Array.from({ length: MAX_LINKED_VISITORS + 5 }, () => ({
      ...pageview({ visitorId: trackerId('device'), sessionId: trackerId('s') }),
      type: 'identify',
      userId: user,
    }));
    for (let i = 0; i < events.length; i += 50) await a.collect(events.slice(i, i + 50));
    await t.events.settle();
    const { rows } = await sql<{ n: number }>`select count(*) as n from identity
      where website_id = ${siteA.siteId} and user_id = ${user}`.execute(db.db);
    expect(Number(rows[0]?.n)).toBe(MAX_LINKED_VISITORS);
  });

  it('keeps the first and the 99 most recent touchpoints of a longer path', async () => {
    const visitorId = trackerId('busy');
    const start = Date.now() - 2 * 86_400_000;
    const visits = Array.from({ length: MAX_PATH_TOUCHPOINTS + 20 }, (_, i) =>
      landing(visitorId, `https://shop.test/?utm_source=partner${i}&utm_medium=cpc`, {
        ts: start + i * 60_000,
      }),
    ).flat();
    for (let i = 0; i < visits.length; i += 40) await b.collect(visits.slice(i, i + 40));
    await b.collect(landing(visitorId, 'https://shop.test/', { purchase: { value: 3 } }));
    await settle();
    const [conversion] = await b.conversionsOf(visitorId);
    const path = await b.path(conversion?.id ?? '');
    expect(path.touchpoints).toHaveLength(MAX_PATH_TOUCHPOINTS);
    const times = path.touchpoints.map((p) => Date.parse(p.ts));
    expect(times[0]).toBe(start);
    expect(times[1]).toBe(start + 21 * 60_000);
  });

  it('marks the conversions of a website whose settings cannot be read, counts them, and credits the others', async () => {
    const visitorA = trackerId('broken');
    await a.collect(landing(visitorA, `https://shop.test/?ocxid=${siteA.campaign.ocxid}`));
    await settle();
    // A broken settings version (as a bug or a hand edit could leave it).
    await sql`update attribution_version set settings = ${'not json'} where website_id = ${siteA.siteId}`.execute(
      db.db,
    );
    await a.collect(landing(visitorA, 'https://shop.test/', { purchase: { value: 4 } }));
    const visitorB = trackerId('fine');
    await b.collect(landing(visitorB, 'https://shop.test/', { purchase: { value: 5 } }));
    await settle();

    const [failed] = await a.conversionsOf(visitorA);
    expect(failed).toMatchObject({ credit_status: 'failed' });
    expect(failed?.credit_issue).toMatch(/^Crediting failed: /);
    expect(await a.path(failed?.id ?? '')).toMatchObject({ pending: false, failed: true });
    const [credited] = await b.conversionsOf(visitorB);
    expect(credited).toMatchObject({ credit_status: 'credited' });
    expect((await health()).attribution).toEqual({ pending: 0, failed: 1 });
  });
});
