import { DAY_MS, edgeEnd } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import type { ReportReaders } from '../../storage/events/report-reader-messages';
import { accessTo, member, memberWebsite, strangerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { type BreakdownRequest, BreakdownService } from './breakdown.service';

const NOW = Date.UTC(2026, 10, 25, 15, 30);
const ZONE = 'Europe/Berlin';

const request = (overrides: Partial<BreakdownRequest> = {}): BreakdownRequest => ({
  range: '7d',
  dimension: 'country',
  filters: {},
  limit: 10,
  offset: 0,
  ...overrides,
});

function build(access = accessTo(memberWebsite({ timezone: ZONE }))) {
  const reads = mockOf<ReportReaders['breakdowns']>();
  const counted = { rows: [{ value: 'DE', visitors: 4, pageviews: 9, conversions: 1 }], total: 1 };
  for (const page of [reads.rows, reads.rolledRows, reads.sessionRows, reads.visitorValueRows])
    page.mockResolvedValue(counted);
  reads.visitors.mockResolvedValue(20);
  reads.rolledVisitors.mockResolvedValue(20);
  reads.campaignNames.mockResolvedValue(new Map());
  return { service: new BreakdownService(reads, access, () => NOW), reads, access };
}

const website = (rebuilding: number | null = null) => ({
  id: 'w1',
  timezone: ZONE,
  rollup_rebuilt_until: rebuilding,
});

describe('BreakdownService without a database', () => {
  it("reads a rolled dimension from the rollups: whole local days after the range's first partial day", async () => {
    const { service, reads } = build();
    const breakdown = await service.get(member, 'w1', request());
    const from = NOW - 7 * DAY_MS;
    expect(reads.rolledRows).toHaveBeenCalledWith(
      { websiteId: 'w1', from, wholeDays: edgeEnd(from, ZONE) },
      'country',
      true,
      request(),
    );
    expect(reads.rolledVisitors).toHaveBeenCalledWith('w1', from);
    expect(reads.rows).not.toHaveBeenCalled();
    expect(breakdown).toEqual({
      rows: [{ value: 'DE', visitors: 4, pageviews: 9, convertedVisitors: 1, conversionRate: 25 }],
      total: 1,
      visitors: 20,
    });
  });

  it('reads all time from the rollups without a partial first day', async () => {
    const { service, reads } = build();
    await service.forWebsite(website(), request({ range: 'all' }));
    expect(reads.rolledRows).toHaveBeenCalledWith(
      { websiteId: 'w1', from: 0, wholeDays: 0 },
      'country',
      true,
      expect.anything(),
    );
  });

  it('labels campaign rows with their names, asking only for the ids it shows', async () => {
    const { service, reads } = build();
    reads.sessionRows.mockResolvedValue({
      rows: [
        { value: 'c1', visitors: 2, pageviews: 2, conversions: 0 },
        { value: null, visitors: 1, pageviews: 1, conversions: 0 },
      ],
      total: 2,
    });
    reads.campaignNames.mockResolvedValue(new Map([['c1', 'Spring sale']]));
    const { rows } = await service.forWebsite(website(), request({ dimension: 'campaign' }));
    expect(reads.sessionRows).toHaveBeenCalledWith(
      { websiteId: 'w1', from: NOW - 7 * DAY_MS },
      'campaign',
      { kind: 'session', column: 'campaign_id', pick: 'first_event' },
      expect.anything(),
    );
    expect(reads.campaignNames).toHaveBeenCalledWith('w1', ['c1']);
    expect(rows.map((r) => [r.value, r.label])).toEqual([
      ['c1', 'Spring sale'],
      [null, undefined],
    ]);
  });

  it("reads goals from the visitors' index, a goal's rate over every visitor in scope", async () => {
    const { service, reads } = build();
    reads.visitorValueRows.mockResolvedValue({
      rows: [{ value: 'Purchase', visitors: 5, pageviews: 0, conversions: 5 }],
      total: 1,
    });
    const { rows } = await service.forWebsite(website(), request({ dimension: 'goal' }));
    expect(reads.visitorValueRows).toHaveBeenCalledWith(
      { websiteId: 'w1', from: NOW - 7 * DAY_MS },
      { kind: 'visitor', of: 'goal' },
      expect.anything(),
    );
    expect(reads.campaignNames).not.toHaveBeenCalled();
    expect(rows[0]?.conversionRate).toBe(25);
  });

  it('counts the raw events under filters', async () => {
    const { service, reads } = build();
    const filtered = request({ dimension: 'browser', filters: { country: 'DE' } });
    await service.forWebsite(website(), filtered);
    const scope = { websiteId: 'w1', from: NOW - 7 * DAY_MS, filters: { country: 'DE' } };
    expect(reads.rows).toHaveBeenCalledWith(scope, { kind: 'event', column: 'browser' }, true, filtered);
    expect(reads.visitors).toHaveBeenCalledWith(scope);
    expect(reads.rolledRows).not.toHaveBeenCalled();
    expect(reads.rolledVisitors).not.toHaveBeenCalled();
  });

  it('counts the raw events while the rollups are re-keyed for a new time zone; an unset filter filters nothing', async () => {
    const { service, reads } = build();
    await service.forWebsite(website(NOW - DAY_MS), request());
    expect(reads.rows).toHaveBeenCalledTimes(1);
    await service.forWebsite(website(), request({ filters: { country: undefined } }));
    expect(reads.rows).toHaveBeenCalledTimes(1);
    expect(reads.rolledRows).toHaveBeenCalledTimes(1);
  });

  it('answers NotFound to a stranger without reading', async () => {
    const { service, reads, access } = build(strangerAccess());
    await expect(service.get(member, 'w1', request())).rejects.toBeInstanceOf(NotFoundError);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(reads.rolledRows).not.toHaveBeenCalled();
  });
});
