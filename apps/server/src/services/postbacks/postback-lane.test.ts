import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../test/http-receiver.fixture';
import { as, createTestApp, dialects, type TestApp } from '../../test/test-app';
import { type TrackedSite, trackedSite } from '../../test/tracked-site.fixture';

// A tenant whose postback URL never answers must not hold up crediting or other tenants' postbacks.
describe.each(dialects)('the postback delivery lane on %s', (dialect) => {
  let t: TestApp;
  let slowSite: TrackedSite;
  let fastSite: TrackedSite;
  let slow: Receiver;
  let fast: Receiver;
  const held: ServerResponse[] = [];
  let open = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    slow = await startReceiver((_req, res) => {
      // Holds every call until the test lets go.
      open += 1;
      mostAtOnce = Math.max(mostAtOnce, open);
      res.on('close', () => {
        open -= 1;
      });
      held.push(res);
    });
    fast = await startReceiver();
    t = await createTestApp(dialect);
    slowSite = await trackedSite(t.app);
    fastSite = await trackedSite(t.app);
    for (const [site, receiver] of [
      [slowSite, slow],
      [fastSite, fast],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/websites/${site.siteId}`,
        headers: as(site.owner),
        payload: { postbackUrl: `${receiver.base}/pb?id={conversion_id}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    for (const res of held) res.end();
    await t.close();
    await Promise.all([slow.close(), fast.close()]);
  });

  const convert = async (site: TrackedSite, goal: string) => {
    const key = (
      await t.app.inject({
        method: 'POST',
        url: `/api/websites/${site.siteId}/api-keys`,
        headers: as(site.owner),
        payload: { name: goal },
      })
    ).json().key;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload: { goal, ocxid: site.campaign.ocxid },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const path = (site: TrackedSite, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/conversions/${id}/path?websiteId=${site.siteId}`,
      headers: as(site.owner),
    });

  it('keeps crediting and other websites going while one website’s postback URL hangs', async () => {
    for (let i = 0; i < 6; i++) await convert(slowSite, `Slow ${i}`);
    // Crediting the six (and queueing their postbacks) finishes although no call ever answers.
    await t.app.services.background.settle();
    await slow.hit(2);

    // Another website's postback goes out while the slow website's calls are still held …
    const fastId = await convert(fastSite, 'Fast');
    await t.app.services.background.settle();
    expect(await fast.hit(1)).toBe(`/pb?id=${fastId}`);
    // … and a new conversion of the slow website itself is credited meanwhile.
    const later = await convert(slowSite, 'Slow later');
    await t.app.services.background.settle();
    expect((await path(slowSite, later)).json().pending).toBe(false);

    // The slow website never had more than its two calls on the way.
    expect(held.length).toBe(2);
    expect(mostAtOnce).toBe(2);

    // Once its receiver answers, its deliveries go out, two at a time, until all seven are done.
    let answered = 0;
    while (answered < 7) {
      const next = held[answered];
      if (next) {
        next.writeHead(200).end();
        answered += 1;
      } else await slow.hit(answered + 1);
    }
    await t.app.services.postbacks.settle();
    expect(mostAtOnce).toBe(2);
    const log = (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${slowSite.siteId}/postbacks`,
        headers: as(slowSite.owner),
      })
    ).json() as { status: string }[];
    expect(log.map((d) => d.status)).toEqual(Array(7).fill('delivered'));
  });
});
