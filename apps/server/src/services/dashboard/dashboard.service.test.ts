import { DAY_MS, LIVE_WINDOW_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import type { DashboardRepository } from '../../storage/dashboard/dashboard.repository';
import type { ReportReaders } from '../../storage/events/report-reader-messages';
import { accessTo, member, memberWebsite, strangerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { DashboardService } from './dashboard.service';

const NOW = Date.UTC(2026, 10, 25, 15, 30);
const FROM_7D = NOW - 7 * DAY_MS;
/** The local midnight after the 7-day window's start (UTC): where the rollups' whole days begin. */
const WHOLE_DAYS = Date.UTC(2026, 10, 19);

function build(website = memberWebsite(), access = accessTo(website)) {
  const rollups = mockOf<DashboardRepository>();
  const filtered = mockOf<ReportReaders['filteredDashboard']>();
  for (const list of [rollups.edgePageviews, rollups.dayPageviews, rollups.edgeSources, rollups.daySources])
    list.mockResolvedValue([]);
  for (const series of [rollups.days, rollups.localDays, rollups.localHours]) series.mockResolvedValue([]);
  for (const count of [
    rollups.edgeVisitors,
    rollups.visitorsSince,
    rollups.pathsSince,
    rollups.conversionsSince,
    rollups.convertedVisitorsSince,
  ])
    count.mockResolvedValue(0);
  rollups.firstEventAt.mockResolvedValue(null);
  const service = new DashboardService(rollups, filtered, access, () => NOW);
  return { service, rollups, filtered, access };
}

describe('DashboardService without a database', () => {
  it('adds the raw first partial day to the whole days of the rollups', async () => {
    const { service, rollups } = build();
    rollups.edgePageviews.mockResolvedValue([['https://shop.example/a?utm=x', 2]]);
    rollups.dayPageviews.mockResolvedValue([['https://shop.example/a', 3]]);
    rollups.edgeSources.mockResolvedValue([{ channel: 'organic', referrerDomain: 'google.com', clicks: 1 }]);
    rollups.daySources.mockResolvedValue([{ channel: 'organic', referrerDomain: 'google.com', clicks: 4 }]);
    rollups.visitorsSince.mockImplementation(async (_w, since) => (since === FROM_7D ? 9 : 1));
    rollups.conversionsSince.mockResolvedValue(2);
    rollups.convertedVisitorsSince.mockResolvedValue(3);

    const dashboard = await service.get(member, 'w1', '7d');

    expect(rollups.edgePageviews).toHaveBeenCalledWith('w1', FROM_7D, WHOLE_DAYS);
    expect(rollups.days).toHaveBeenCalledWith('w1', WHOLE_DAYS);
    expect(rollups.visitorsSince).toHaveBeenCalledWith('w1', NOW - LIVE_WINDOW_MS);
    expect(rollups.convertedVisitorsSince).toHaveBeenCalledWith('w1', FROM_7D);
    expect(rollups.localHours).not.toHaveBeenCalled();
    expect(dashboard).toMatchObject({
      totalClicks: 5,
      uniqueVisitors: 9,
      liveVisitors: 1,
      conversions: 2,
      // 3 of the 9 visitors converted: 33.3 %, whatever the page views.
      convertedVisitors: 3,
      conversionRate: 33.3,
      topPages: [{ url: 'https://shop.example/a', pageviews: 5, percent: 100 }],
      topReferrers: [{ referrer: 'google.com', visits: 5 }],
      startDate: new Date(FROM_7D).toISOString(),
      bucket: 'day',
    });
    expect(dashboard.series).toHaveLength(8);
  });

  it('reads everything from the raw events while the rollups are re-keyed for a new zone', async () => {
    const { service, rollups } = build(memberWebsite({ rollup_rebuilt_until: 0 }));
    await service.get(member, 'w1', '30d');
    const from = NOW - 30 * DAY_MS;
    expect(rollups.edgePageviews).toHaveBeenCalledWith('w1', from);
    expect(rollups.localDays).toHaveBeenCalledWith('w1', from, expect.any(Array));
    expect(rollups.days).not.toHaveBeenCalled();
    expect(rollups.dayPageviews).not.toHaveBeenCalled();
  });

  it('has an empty all-time series from the raw events of a website without events', async () => {
    const { service, rollups } = build(memberWebsite({ rollup_rebuilt_until: 0 }));
    const dashboard = await service.get(member, 'w1', 'all');
    expect(rollups.firstEventAt).toHaveBeenCalledWith('w1');
    expect(rollups.edgePageviews).not.toHaveBeenCalled();
    expect(dashboard).toMatchObject({ startDate: null, series: [], totalClicks: 0 });
  });

  it('reads every panel of the matching sessions under filters, by the hour for one day', async () => {
    const { service, rollups, filtered } = build(memberWebsite({ attribution_model: 'retired' }));
    filtered.parts.mockResolvedValue({
      pageviews: [['https://shop.example/', 4]],
      sources: [],
      wallDays: [],
      wallHours: [],
      uniqueVisitors: 3,
      pagesVisited: 1,
      conversions: 1,
      convertedVisitors: 1,
      liveVisitors: 0,
    });
    const dashboard = await service.get(member, 'w1', '1d', { country: 'DE' });
    expect(filtered.parts).toHaveBeenCalledWith(
      { websiteId: 'w1', from: NOW - DAY_MS, filters: { country: 'DE' } },
      expect.any(Array),
      true,
      NOW - LIVE_WINDOW_MS,
    );
    expect(rollups.visitorsSince).not.toHaveBeenCalled();
    expect(dashboard).toMatchObject({
      totalClicks: 4,
      uniqueVisitors: 3,
      conversionRate: 33.3,
      bucket: 'hour',
    });
    expect(dashboard.attributionModel).toBe('first_touch');
  });

  it('compares with the window before the range, from the rollups or under filters; all time has none', async () => {
    const { service, rollups, filtered } = build();
    const totals = { pageviews: 10, visitors: 4, paths: 2, conversions: 3, convertedVisitors: 1 };
    rollups.totalsBetween.mockResolvedValue(totals);
    filtered.totalsBetween.mockResolvedValue(totals);
    const window = { from: FROM_7D - 7 * DAY_MS, to: FROM_7D };

    expect(await service.previous(member, 'w1', '7d')).toMatchObject({
      startDate: new Date(window.from).toISOString(),
      totalClicks: 10,
      // 1 of 4 visitors.
      conversionRate: 25,
    });
    expect(rollups.totalsBetween).toHaveBeenCalledWith('w1', window.from, window.to);
    await service.previous(member, 'w1', '7d', { channel: 'paid' });
    expect(filtered.totalsBetween).toHaveBeenCalledWith({
      websiteId: 'w1',
      ...window,
      filters: { channel: 'paid' },
    });
    expect(await service.previous(member, 'w1', 'all')).toBeNull();
    expect(rollups.totalsBetween).toHaveBeenCalledTimes(1);
  });

  it("says how far a rebuild for a new zone is, from the website's first event to now", async () => {
    const first = NOW - 10 * DAY_MS;
    const { service, rollups } = build(
      memberWebsite({ timezone: 'Asia/Tokyo', rollup_rebuilt_until: first + 4 * DAY_MS }),
    );
    rollups.firstEventAt.mockResolvedValue(first);
    expect(await service.rollupStatus(member, 'w1')).toEqual({
      timezone: 'Asia/Tokyo',
      rebuilding: true,
      progress: 0.4,
    });
  });

  it('reports no rebuild without reading the events', async () => {
    const { service, rollups } = build();
    expect(await service.rollupStatus(member, 'w1')).toEqual({
      timezone: 'UTC',
      rebuilding: false,
      progress: null,
    });
    expect(rollups.firstEventAt).not.toHaveBeenCalled();
  });

  it('answers NotFound to a stranger without reading', async () => {
    const { service, rollups, access } = build(memberWebsite(), strangerAccess());
    await expect(service.get(member, 'w1', '7d')).rejects.toBeInstanceOf(NotFoundError);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(rollups.days).not.toHaveBeenCalled();
  });
});
