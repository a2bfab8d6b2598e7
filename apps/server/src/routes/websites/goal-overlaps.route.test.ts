import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ownOrganization } from '../../test/members.fixture';
import { callAs, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

const MINUTE = 60_000;

/**
 * docs/definitions.md#valued-goals-that-overlap: the shop's 'Thank you' pageview goal has a value of 5
 * and its 'Purchase' event goal takes each order's value, so an order's thank-you page counts the
 * sale a second time.
 */
describe.each(stores)('valued goals that overlap on %s', (store) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(store);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const now = Date.now();
    const visit = (visitorId: string, minutesAgo: number, thanks: boolean) => {
      const at = now - minutesAgo * MINUTE;
      const sessionId = trackerId('s');
      const events = [
        pageview({ visitorId, sessionId, url: 'https://shop.test/cart', ts: at }),
        pageview({ visitorId, sessionId, type: 'custom', name: 'purchase', value: 30, ts: at + 1000 }),
      ];
      if (thanks)
        events.push(pageview({ visitorId, sessionId, url: 'https://shop.test/thank-you', ts: at + 3000 }));
      return collectEvents(t.app, siteId, events);
    };
    for (const [visitor, minutesAgo, thanks] of [
      ['buyer00000001', 50, true],
      ['buyer00000002', 40, true],
      ['buyer00000003', 30, false],
    ] as const) {
      const res = await visit(visitor, minutesAgo, thanks);
      expect(res.json()).toEqual({ accepted: thanks ? 3 : 2, dropped: [] });
    }
    await t.app.services.background.settle();
  });
  afterAll(() => t.close());

  const call = (user: SignedIn | null, url: string) => callAs(t, user, 'GET', url);

  it('names the two goals and how many times a visit had both', async () => {
    const res = await call(owner, `/api/websites/${siteId}/goal-overlaps`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        goals: [
          { id: expect.any(String), name: 'Purchase' },
          { id: expect.any(String), name: 'Thank you' },
        ],
        pairs: 2,
      },
    ]);
  });

  it('flags in the Conversions Log the thank-you page that repeats its visit’s purchase, and nothing else', async () => {
    const res = await call(owner, `/api/conversions?websiteId=${siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows: { goal_name: string; visitor_id: string; overlaps_with: string | null }[] = res.json();
    const shown = rows
      .map((r) => [r.visitor_id, r.goal_name, r.overlaps_with])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(shown).toEqual([
      ['buyer00000001', 'Purchase', null],
      ['buyer00000001', 'Thank you', 'Purchase'],
      ['buyer00000002', 'Purchase', null],
      ['buyer00000002', 'Thank you', 'Purchase'],
      ['buyer00000003', 'Purchase', null],
    ]);
  });

  it('carries the flag into the Conversions Log export, in the column after Origin', async () => {
    const res = await call(owner, `/api/conversions/export?websiteId=${siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('Overlaps With');
    const flagged = (goal: string) =>
      lines.filter((line) => line.split(',')[2] === goal).map((line) => line.split(',').at(-1));
    expect(flagged('Thank you')).toEqual(['Purchase', 'Purchase']);
    expect(flagged('Purchase')).toEqual(['', '', '']);
  });

  it("answers 404 to another organization's member and lets a viewer read it", async () => {
    const theirs = await call(stranger, `/api/websites/${siteId}/goal-overlaps`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Website not found' });
    expect((await call(null, `/api/websites/${siteId}/goal-overlaps`)).statusCode).toBe(401);
    const viewer = await addMember(t, owner, await ownOrganization(t, owner), 'viewer');
    expect((await call(viewer, `/api/websites/${siteId}/goal-overlaps`)).json()).toHaveLength(1);
  });

  it('ends the warning once the thank-you goal loses its value; the log keeps what happened', async () => {
    const goals = (await call(owner, `/api/websites/${siteId}/goals`)).json();
    const thanks = goals.find((g: { name: string }) => g.name === 'Thank you');
    const res = await callAs(t, owner, 'PATCH', `/api/websites/${siteId}/goals/${thanks.id}`, {
      value: null,
    });
    expect(res.statusCode).toBe(200);
    expect((await call(owner, `/api/websites/${siteId}/goal-overlaps`)).json()).toEqual([]);
    const rows: { overlaps_with: string | null }[] = (
      await call(owner, `/api/conversions?websiteId=${siteId}`)
    ).json();
    expect(rows.filter((r) => r.overlaps_with === 'Purchase')).toHaveLength(2);
  });
});
