import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributionCalls, DAY, landing, settleCrediting, touchNames } from '../../test/attribution.fixture';
import { createTestApp, dialects, type TestApp } from '../../test/test-app';
import { pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

/**
 * Issue 17, item 6 (docs/definitions.md#recomputation): credits are computed again when cross-device tracking is switched,
 * when an identify or a late offline-queued click changes a conversion's path, and a conversion
 * that names a campaign falls back to it under each settings version on its own.
 */
describe.each(dialects)('recompute triggers on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof attributionCalls>;
  let a: { id: string; ocxid: string };
  let b: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    api = attributionCalls(t, site.owner, site.siteId);
    a = site.campaign;
    b = await api.campaign({ name: 'Autumn', network: 'Facebook', source: 'Social' });
  });
  afterAll(() => t.close());

  const settle = () => settleCrediting(t);
  const identify = (visitorId: string, userId: string) =>
    api.collect([{ ...pageview({ visitorId, sessionId: trackerId('s') }), type: 'identify', userId }]);
  const crossDevice = async (on: boolean) => {
    await api.patchWebsite({ scriptConfig: { crossDeviceTracking: on } });
    await settle();
  };
  async function pathOfOnlyConversion(visitorId: string) {
    const [conversion] = await api.conversionsOf(visitorId);
    if (!conversion) throw new Error('no conversion');
    return touchNames(await api.path(conversion.id));
  }

  it('recomputes every credit when cross-device tracking is switched on, and again when it is off', async () => {
    const [phone, laptop, user] = [trackerId('phone'), trackerId('laptop'), trackerId('user')];
    await api.collect(landing(phone, `https://shop.test/?ocxid=${a.ocxid}`, { ts: Date.now() - 2 * DAY }));
    await identify(phone, user);
    await identify(laptop, user);
    await api.collect(landing(laptop, `https://shop.test/?ocxid=${b.ocxid}`, { purchase: { value: 20 } }));
    await settle();
    expect(await pathOfOnlyConversion(laptop)).toEqual([b.id]);

    const before = await api.status();
    await crossDevice(true);
    const after = await api.status();
    expect(after.activeVersion).toBe(before.activeVersion + 1);
    expect(await pathOfOnlyConversion(laptop)).toEqual([a.id, b.id]);

    await crossDevice(false);
    expect((await api.status()).activeVersion).toBe(after.activeVersion + 1);
    expect(await pathOfOnlyConversion(laptop)).toEqual([b.id]);
  });

  it('credits a conversion again when an identify links a device that came through a campaign earlier', async () => {
    await crossDevice(true);
    const [tablet, desktop, user] = [trackerId('tablet'), trackerId('desktop'), trackerId('user')];
    await api.collect(landing(tablet, `https://shop.test/?ocxid=${a.ocxid}`, { ts: Date.now() - DAY }));
    await identify(desktop, user);
    await api.collect(landing(desktop, `https://shop.test/?ocxid=${b.ocxid}`, { purchase: { value: 5 } }));
    await settle();
    expect(await pathOfOnlyConversion(desktop)).toEqual([b.id]);

    await identify(tablet, user);
    await settle();
    expect(await pathOfOnlyConversion(desktop)).toEqual([a.id, b.id]);
    await crossDevice(false);
  });

  it('credits a conversion again when an offline-queued click from before it arrives late', async () => {
    const visitorId = trackerId('offline');
    await api.collect(landing(visitorId, `https://shop.test/?ocxid=${b.ocxid}`, { purchase: { value: 9 } }));
    await settle();
    expect(await pathOfOnlyConversion(visitorId)).toEqual([b.id]);

    // The tracker's queue delivers a landing of an hour ago (its ts is honoured, docs/decisions.md#tracking).
    await api.collect(
      landing(visitorId, `https://shop.test/?ocxid=${a.ocxid}`, { ts: Date.now() - 3_600_000 }),
    );
    await settle();
    expect(await pathOfOnlyConversion(visitorId)).toEqual([a.id, b.id]);
  });

  it('falls back to the campaign a server conversion names under each version’s own window, with its channel', async () => {
    const newsletter = await api.campaign({
      name: 'Weekly letter',
      network: 'Newsletter',
      source: 'Email',
      utmParams: { medium: 'email', source: 'newsletter' },
    });
    const key = await api.apiKey();
    const visitorId = trackerId('lead');
    await api.collect(
      landing(visitorId, `https://shop.test/?ocxid=${a.ocxid}`, { ts: Date.now() - 3 * DAY }),
    );
    await settle();

    // A window change starts a recompute; a conversion arriving meanwhile is credited under both
    // versions: the 90-day one still sees the click of 3 days ago, the 1-day one has no
    // touchpoint and falls back to the named campaign.
    await t.app.services.background.stop();
    const site = await api.website();
    await api.patchWebsite({ attribution: { ...site.attribution, window: 1 } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload: { goal: 'Lead', visitorId, ocxid: newsletter.ocxid },
    });
    expect(created.statusCode, created.body).toBe(201);
    t.app.services.background.start();
    await settle();

    expect((await api.status()).running).toBe(false);
    const path = await api.path(created.json().id);
    expect(path.touchpoints).toEqual([]);
    expect(path.creditedTo).toEqual({
      campaignId: newsletter.id,
      campaignName: 'Weekly letter',
      channel: 'email',
    });
    await api.patchWebsite({ attribution: { ...site.attribution, window: 90 } });
    await settle();
  });
});
