import type { Click } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, healthDetails, type TestApp } from '../../test/test-app';
import {
  collectEvents,
  pageview,
  type TrackedSite,
  trackedSite,
  trackerId,
} from '../../test/tracked-site.fixture';

const DAY = 86_400_000;
const GBRAID = '0AAAAAGyVapQ-j3lWFvjLjKR7PttINXPs3';
const WBRAID = 'CkMKCQjwnGEBBV3WIkNZAObehT_Z2HM5u1ByAUzDWj6zTq94lqE3YDZW_QEPXBw-b8m09mx-dH8qzuGsepL4glLH';
const TTCLID =
  'E.C.P.CsKxQuRO_D6L1Bv2N7NhQrPeaMmkUoBlVu-8Or48BC1dEyj0F8JLwR5sPHJi8H5Xbu0RbBh9KpUHUMDeFd-j2eYSCHIK';

/** Channels, click ids and app referrers of docs/definitions.md#channels, through the real collect endpoint (issue 17). */
describe.each(dialects)('channels of session entrances on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  let newsletter: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await trackedSite(t.app);
    newsletter = (
      await createCampaign({ name: 'Weekly digest', network: 'Newsletter', source: 'Mailing' })
    ).json();
  });
  afterAll(() => t.close());

  const headers = () => as(site.owner);
  const createCampaign = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/websites/${site.siteId}/campaigns`,
      headers: headers(),
      payload: { landingPage: 'https://shop.test/', ...body },
    });
  const health = async () => (await healthDetails(t.app)).ingest;

  /** One landing in a fresh session; answers the click (session entrance) it made. */
  async function land(url: string, referrer?: string, visitorId = trackerId('v')): Promise<Click> {
    const sessionId = trackerId('s');
    const res = await collectEvents(t.app, site.siteId, [
      pageview({ visitorId, sessionId, url, ...(referrer ? { referrer } : {}) }),
    ]);
    expect(res.json()).toEqual({ accepted: 1, dropped: [] });
    const [click, ...more] = await clicksOf(visitorId);
    expect(more).toEqual([]);
    return click as Click;
  }
  async function clicksOf(visitorId: string): Promise<Click[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clicks?websiteId=${site.siteId}&limit=1000`,
      headers: headers(),
    });
    return (res.json() as Click[]).filter((c) => c.visitor_id === visitorId).reverse();
  }

  it('credits a campaign link opened without a referrer to its campaign as paid, also after an organic visit', async () => {
    const visitorId = trackerId('item1');
    const campaignSession = trackerId('s');
    await collectEvents(t.app, site.siteId, [
      pageview({
        visitorId,
        sessionId: trackerId('s'),
        ts: Date.now() - 2 * DAY,
        referrer: 'https://www.google.com/',
      }),
    ]);
    await collectEvents(t.app, site.siteId, [
      pageview({
        visitorId,
        sessionId: campaignSession,
        url: `https://shop.test/?ocxid=${site.campaign.ocxid}&utm_source=google&utm_medium=Search`,
      }),
      {
        ...pageview({ visitorId, sessionId: campaignSession }),
        type: 'custom',
        name: 'purchase',
        value: 100,
      },
    ]);
    expect((await clicksOf(visitorId)).map((c) => [c.channel, c.campaign_id])).toEqual([
      ['organic', null],
      ['paid', site.campaign.id],
    ]);

    await t.app.services.background.settle();
    const conversions = await t.app.inject({
      method: 'GET',
      url: `/api/conversions?websiteId=${site.siteId}`,
      headers: headers(),
    });
    const conversion = conversions.json().find((c: { visitor_id: string }) => c.visitor_id === visitorId);
    expect(conversion).toMatchObject({ campaign_id: site.campaign.id });
    const path = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/${conversion.id}/path?websiteId=${site.siteId}`,
      headers: headers(),
    });
    const [organic, campaign] = path.json().touchpoints;
    expect([organic.channel, campaign.campaignId]).toEqual(['organic', site.campaign.id]);
    expect([organic.credits.first_touch, campaign.credits.first_touch]).toEqual([1, 0]);
    expect([organic.credits.last_touch, campaign.credits.last_touch]).toEqual([0, 1]);
    expect([organic.credits.linear, campaign.credits.linear]).toEqual([0.5, 0.5]);
  });

  it('makes an entrance through an email campaign email, whatever its link or referrer carries', async () => {
    expect(await land(`https://shop.test/?ocxid=${newsletter.ocxid}`)).toMatchObject({
      channel: 'email',
      campaign_id: newsletter.id,
    });
    const fromSearchAd = await land(
      `https://shop.test/?ocxid=${newsletter.ocxid}&utm_medium=cpc&gclid=Cj0KCQiA1MULwJodFX1GOZrh_wcB`,
      'https://www.google.com/',
    );
    expect(fromSearchAd).toMatchObject({ channel: 'email', campaign_id: newsletter.id });
  });

  it('reclassifies entrances of a campaign as soon as its network or UTM tags are edited', async () => {
    const display = (
      await createCampaign({ name: 'Partner banners', network: 'Partners', source: 'Banner' })
    ).json();
    expect((await land(`https://shop.test/?ocxid=${display.ocxid}`)).channel).toBe('paid');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/websites/${site.siteId}/campaigns/${display.id}`,
      headers: headers(),
      payload: { utmParams: { source: 'partners', medium: 'e-mail' } },
    });
    expect(edited.statusCode).toBe(200);
    expect((await land(`https://shop.test/?ocxid=${display.ocxid}`)).channel).toBe('email');
  });

  it('keeps the first click id that passes its check, and counts a malformed one as paid with a notice', async () => {
    const before = await health();
    expect(await land('https://shop.test/?gclid=bad.value&fbclid=IwAR0abc')).toMatchObject({
      channel: 'paid',
      click_id_type: 'fbclid',
      click_id: 'IwAR0abc',
    });
    expect(await land('https://shop.test/?gclid=bad%20value', 'https://news.example.org/')).toMatchObject({
      channel: 'paid',
      click_id_type: null,
      click_id: null,
    });
    const after = await health();
    expect(after.notices.invalid_click_id - before.notices.invalid_click_id).toBe(2);
  });

  it.each([
    ['gbraid', GBRAID],
    ['wbraid', WBRAID],
    ['ttclid', TTCLID],
    ['msclkid', '53afc0de60308a656c386684b4922f9d'],
    ['fbclid', 'IwZXh0bgNhZW0CMTEAARzsc7Pt8C2UH58lwnF-FNnHGP5HYb5IuBBneTofyT_aem_PDAwub_e601Q7hdlivKWet'],
  ])('accepts a %s in its current real format', async (type, id) => {
    const before = await health();
    expect(await land(`https://shop.test/?${type}=${encodeURIComponent(id)}`)).toMatchObject({
      channel: 'paid',
      click_id_type: type,
      click_id: id,
    });
    expect((await health()).notices.invalid_click_id).toBe(before.notices.invalid_click_id);
  });

  it.each([
    ['android-app://com.google.android.gm/', 'email'],
    ['android-app://com.google.android.googlequicksearchbox/https/www.google.com', 'organic'],
    ['android-app://com.linkedin.android/', 'social'],
    ['android-app://org.example.reader/', 'referral'],
  ])(
    'classifies the app referrer %s as %s and shows the package as its source',
    async (referrer, channel) => {
      const packageName = referrer.split('/')[2];
      expect(await land('https://shop.test/', referrer)).toMatchObject({
        channel,
        source: packageName,
        referrer,
      });
      const events = await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/events?limit=1`,
        headers: headers(),
      });
      expect(events.json()[0]).toMatchObject({ channel, referrerDomain: packageName });
    },
  );
});
