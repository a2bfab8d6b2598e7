import { HOUR_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { RetentionRepository } from '../../storage/privacy/retention.repository';
import { mockOf } from '../../test/service-mocks';
import { RetentionService } from './retention.service';

const NOW = Date.UTC(2026, 10, 25, 12);

function build(deleted: Record<string, number[]> = {}) {
  const rows = mockOf<RetentionRepository>();
  rows.websites.mockResolvedValue([
    { id: 'short', retention_months: 1 },
    { id: 'long', retention_months: 25 },
  ]);
  rows.deleteOlder.mockImplementation(async (id) => deleted[id]?.shift() ?? 0);
  let now = NOW;
  const service = new RetentionService(rows, () => now, 50);
  return { service, rows, setNow: (ms: number) => (now = ms) };
}

describe('the retention job without a database', () => {
  it("deletes a batch of each website's rows older than its own retention in calendar months", async () => {
    const { service, rows } = build({ short: [50], long: [3] });
    expect(await service.run()).toBe(53);
    expect(rows.deleteOlder.mock.calls).toEqual([
      ['short', Date.UTC(2026, 9, 25, 12), 50],
      ['long', Date.UTC(2024, 9, 25, 12), 50],
    ]);
  });

  it('keeps going while there is work and rests an hour once a pass deletes nothing', async () => {
    const { service, rows, setNow } = build({ short: [50, 7] });
    expect(await service.run()).toBe(50);
    expect(await service.run()).toBe(7);
    expect(await service.run()).toBe(0);
    expect(rows.websites).toHaveBeenCalledTimes(3);
    setNow(NOW + HOUR_MS - 1);
    expect(await service.run()).toBe(0);
    expect(rows.websites).toHaveBeenCalledTimes(3);
    setNow(NOW + HOUR_MS);
    await service.run();
    expect(rows.websites).toHaveBeenCalledTimes(4);
  });

  it('has nothing to do without websites', async () => {
    const { service, rows } = build();
    rows.websites.mockResolvedValue([]);
    expect(await service.run()).toBe(0);
    expect(rows.deleteOlder).not.toHaveBeenCalled();
  });
});
