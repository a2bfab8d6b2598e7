import { type AttributionModel, attributionModels, type PerModel } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import { CREDIT_STATE } from '../../storage/attribution/credit-state';
import type { PathRow, ReportRepository } from '../../storage/attribution/report.repository';
import type { LogRepository } from '../../storage/logs/log.repository';
import type { Access } from '../platform/access';
import { LogService } from './log.service';

// The conversion path's decisions (pending, failed, fallback campaign, minor → major units) on plain
// data; log.repository and report.repository tests prove the SQL.
const user = { id: 'u1', email: 'a@example.com' };
const each = (value: number): PerModel =>
  Object.fromEntries(attributionModels.map((m) => [m, value])) as Record<AttributionModel, number>;

function service(
  conversion: { state: number; issue: string | null; currency: string } | undefined,
  rows: PathRow[],
) {
  const access = {
    website: async (_user: unknown, id: string) => {
      if (id !== 'w1') throw new NotFoundError('Website not found');
      return { id };
    },
  } as unknown as Access;
  const logs = { conversionCredit: async () => conversion } as unknown as LogRepository;
  const reports = { path: async () => rows } as unknown as ReportRepository;
  return new LogService(logs, reports, access, { valued: async () => [] });
}

const touch = (clickId: string | null, overrides: Partial<PathRow> = {}): PathRow => ({
  position: 0,
  clickId,
  ts: clickId ? Date.UTC(2026, 10, 1) : null,
  campaignId: 'c1',
  campaignName: 'Spring',
  channel: 'paid',
  source: 'google',
  landingPage: '/offer',
  currency: 'USD',
  credits: each(1),
  valueMinor: each(4990),
  ...overrides,
});

describe('LogService.path without a database', () => {
  it('answers pending while a conversion waits for crediting, and failed with its issue once crediting gave up', async () => {
    const waiting = await service({ state: CREDIT_STATE.new, issue: null, currency: 'USD' }, []).path(
      user,
      'w1',
      'x',
    );
    expect(waiting).toMatchObject({ pending: true, failed: false, touchpoints: [], creditedTo: null });
    const failed = await service(
      { state: CREDIT_STATE.failed, issue: 'path too long', currency: 'USD' },
      [],
    ).path(user, 'w1', 'x');
    expect(failed).toMatchObject({ pending: false, failed: true, issue: 'path too long' });
  });

  it('shows each touchpoint with its value in major units of the conversion currency (3 decimals for KWD)', async () => {
    const path = await service({ state: CREDIT_STATE.credited, issue: null, currency: 'KWD' }, [
      touch('k1', { valueMinor: each(1) }),
    ]).path(user, 'w1', 'x');
    expect(path.touchpoints).toHaveLength(1);
    expect(path.touchpoints[0]?.values.linear).toBe(0.001);
    expect(path.touchpoints[0]?.ts).toBe('2026-11-01T00:00:00.000Z');
    expect(path.creditedTo).toBeNull();
  });

  it('names the campaign credited when the path had no touchpoint (the credit row without a click)', async () => {
    const path = await service({ state: CREDIT_STATE.credited, issue: null, currency: 'USD' }, [
      touch(null, { campaignId: 'c9', campaignName: 'Default', channel: 'direct' }),
    ]).path(user, 'w1', 'x');
    expect(path.touchpoints).toEqual([]);
    expect(path.creditedTo).toEqual({ campaignId: 'c9', campaignName: 'Default', channel: 'direct' });
  });

  it('answers not found for an unknown conversion and for another user’s website', async () => {
    await expect(service(undefined, []).path(user, 'w1', 'x')).rejects.toThrow('Conversion not found');
    await expect(
      service({ state: CREDIT_STATE.credited, issue: null, currency: 'USD' }, []).path(user, 'w2', 'x'),
    ).rejects.toThrow('Website not found');
  });
});
