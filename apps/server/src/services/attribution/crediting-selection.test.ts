import { MAX_LINKED_VISITORS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { CREDIT_STATE } from '../../storage/attribution/credit-state';
import type { PendingConversion } from '../../storage/attribution/pending-conversion';
import { FakeCreditingStore, settings } from './crediting.fakes';
import { CreditingJob } from './crediting.job';

// The crediting job's choices on plain data: which clicks it reads, under which versions, what it
// falls back to, which postbacks it queues and how a failure stays with its own conversion.
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25);

const conversion = (id: string, overrides: Partial<PendingConversion> = {}): PendingConversion => ({
  id,
  websiteId: 'w1',
  goalName: 'Purchase',
  currency: 'USD',
  visitorId: 'v1',
  campaignId: null,
  clickRowId: null,
  valueMinor: 10_000,
  ts: NOW,
  state: CREDIT_STATE.new,
  pathChanges: 0,
  ...overrides,
});

function store(): FakeCreditingStore {
  const s = new FakeCreditingStore();
  s.sites.set('w1', { current: settings(30), postbackUrl: null });
  s.jobs.set('w1', { activeVersion: 1, targetVersion: 1, total: 0, done: 0 });
  s.versions.set('w1:1', settings(30));
  return s;
}
const run = (s: FakeCreditingStore) => new CreditingJob(s.repository(), s.postbacks()).creditNew();
const creditsOf = (s: FakeCreditingStore, id: string) =>
  s.written.flatMap((w) => (w.op === 'credits' && w.conversionId === id ? [w] : []));

describe('the crediting job without a database', () => {
  it('reads the path once over the longest window of the versions in use and credits it under each', async () => {
    const s = store();
    s.jobs.set('w1', { activeVersion: 1, targetVersion: 2, total: 1, done: 0 });
    s.versions.set('w1:1', settings(7));
    s.versions.set('w1:2', settings(30));
    s.clicks = [
      { visitorId: 'v1', clickRowId: 'old', ts: NOW - 20 * DAY, campaignId: 'a', channel: 'paid' },
      { visitorId: 'v1', clickRowId: 'new', ts: NOW - DAY, campaignId: 'b', channel: 'paid' },
    ];
    s.pending = [conversion('c1')];
    expect(await run(s)).toBe(1);
    expect(s.pathReads).toEqual([{ visitorId: 'v1', linked: false, from: NOW - 30 * DAY, to: NOW }]);
    const [v1, v2] = creditsOf(s, 'c1');
    expect(v1?.rows.map((r) => [r.clickRowId, r.credit.first_touch])).toEqual([['new', 1]]);
    expect(v2?.version).toBe(2);
    expect(v2?.rows.map((r) => r.clickRowId)).toEqual(['old', 'new']);
  });

  it('credits the campaign a conversion names when its path is empty, on the campaign’s channel; else direct', async () => {
    const s = store();
    s.campaigns.set('camp', { utmSource: 'newsletter', utmMedium: 'email', network: 'Email' });
    s.pending = [conversion('named', { campaignId: 'camp' }), conversion('plain', { visitorId: 'v2' })];
    await run(s);
    expect(creditsOf(s, 'named')[0]?.rows).toMatchObject([
      { clickRowId: null, campaignId: 'camp', channel: 'email' },
    ]);
    expect(creditsOf(s, 'plain')[0]?.rows).toMatchObject([
      { clickRowId: null, campaignId: null, channel: 'direct' },
    ]);
  });

  it(`leaves out linked devices when a user id has more than ${MAX_LINKED_VISITORS} visitors, and says so`, async () => {
    const s = store();
    s.versions.set('w1:1', settings(30, true));
    s.linkedVisitors = MAX_LINKED_VISITORS + 1;
    s.pending = [conversion('c1')];
    await run(s);
    expect(s.pathReads[0]?.linked).toBe(false);
    const credited = s.written.find((w) => w.op === 'credited');
    expect(credited).toMatchObject({ note: expect.stringContaining('Cross-device touchpoints left out') });
  });

  it('queues a postback for a conversion credited the first time, not when its path changed later', async () => {
    const s = store();
    s.sites.set('w1', { current: settings(30), postbackUrl: 'https://ads.example/pb?id={ocxid}' });
    s.pending = [conversion('first'), conversion('again', { state: CREDIT_STATE.recredit })];
    await run(s);
    expect(s.written.filter((w) => w.op === 'postback')).toEqual([
      { op: 'postback', conversionId: 'first', url: 'https://ads.example/pb?id=ocx1' },
    ]);
  });

  it('marks only the conversion whose credits cannot be stored as failed; the rest of the pass is credited', async () => {
    const s = store();
    s.failingInserts.add('bad');
    s.pending = [conversion('good'), conversion('bad'), conversion('also-good')];
    expect(await run(s)).toBe(3);
    expect(s.written.filter((w) => w.op === 'credited').map((w) => w.conversionId)).toEqual([
      'good',
      'also-good',
    ]);
    expect(s.written.filter((w) => w.op === 'failed')).toEqual([
      { op: 'failed', conversionId: 'bad', reason: 'Credits could not be stored: disk full' },
    ]);
  });

  it('writes a conversion one by one only while it is still waiting: one another app server credited meanwhile stays as that server left it', async () => {
    const s = store();
    s.sites.set('w1', { current: settings(30), postbackUrl: 'https://ads.example/pb?id={conversion_id}' });
    // A failed insert sends the pass one conversion at a time; 'taken' was credited elsewhere by then.
    s.failingInserts.add('bad');
    s.creditedElsewhere.add('taken');
    s.pending = [conversion('good'), conversion('bad'), conversion('taken')];
    await run(s);
    const touched = (id: string) => s.written.filter((w) => 'conversionId' in w && w.conversionId === id);
    expect(touched('taken')).toEqual([]);
    expect(touched('good').map((w) => w.op)).toEqual(['credits', 'credited', 'postback']);
    expect(touched('bad').map((w) => w.op)).toEqual(['failed', 'postback']);
  });

  it('marks the conversions of a website whose settings cannot be read, and credits the other websites', async () => {
    const s = store();
    s.pending = [conversion('lost', { websiteId: 'gone' }), conversion('kept')];
    await run(s);
    expect(s.written.filter((w) => w.op === 'failed')).toEqual([
      { op: 'failed', conversionId: 'lost', reason: 'Crediting failed: the website was deleted' },
    ]);
    expect(s.written.filter((w) => w.op === 'credited').map((w) => w.conversionId)).toEqual(['kept']);
  });

  it('writes a website’s first settings version with its first credits', async () => {
    const s = store();
    s.jobs.clear();
    s.pending = [conversion('c1')];
    await run(s);
    expect(s.written[0]).toEqual({ op: 'firstVersion', websiteId: 'w1' });
    expect(creditsOf(s, 'c1').map((c) => c.version)).toEqual([1]);
  });
});
