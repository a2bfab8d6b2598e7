import { DAY_MS, HOUR_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { EventAddresses } from '../../storage/backend';
import type { OldAddressPass } from '../../storage/privacy/old-addresses';
import type { OldAddressRepository } from '../../storage/privacy/old-addresses.repository';
import { mockOf } from '../../test/service-mocks';
import { AddressTruncationService, FULL_ADDRESS_DAYS } from './address-truncation.service';

const NOW = Date.UTC(2026, 10, 25, 12);
const BEFORE = NOW - FULL_ADDRESS_DAYS * DAY_MS;
const pass = (read: number, more = false): OldAddressPass => ({ read, cut: read, more });

/** Websites w1…w3; `passes` answers each website's batches in turn, nothing once they run out. */
function build(passes: Record<string, OldAddressPass[]> = {}, eventsCut: number[] = []) {
  const addresses = mockOf<OldAddressRepository>();
  const ids = ['w1', 'w2', 'w3'];
  addresses.websiteIdsFrom.mockImplementation(async (first) => ids.filter((id) => id >= first));
  addresses.cutOlder.mockImplementation(async (id) => passes[id]?.shift() ?? pass(0));
  const events = mockOf<EventAddresses>();
  events.cutBefore.mockImplementation(async () => eventsCut.shift() ?? 0);
  let now = NOW;
  const clock = { set: (t: number) => (now = t) };
  const job = new AddressTruncationService(addresses, () => now, events);
  return { job, addresses, events, clock };
}

const cutWebsites = (addresses: ReturnType<typeof build>['addresses']) =>
  addresses.cutOlder.mock.calls.map(([id]) => id);

describe('the daily address job without a database', () => {
  it("cuts every website's rows older than 30 days a batch at a time, and the raw events elsewhere", async () => {
    const { job, addresses, events } = build({ w1: [pass(3)], w3: [pass(2)] }, [4]);
    expect(await job.run()).toBe(9);
    expect(addresses.websiteIdsFrom).toHaveBeenCalledWith('');
    expect(addresses.cutOlder.mock.calls).toEqual([
      ['w1', BEFORE, 1000],
      ['w2', BEFORE, 1000],
      ['w3', BEFORE, 1000],
    ]);
    expect(events.cutBefore).toHaveBeenCalledWith(BEFORE);
  });

  it('goes on with the website that had more rows in the next pass', async () => {
    const { job, addresses } = build({ w2: [pass(1000, true), pass(10)] });
    expect(await job.run()).toBe(1000);
    expect(cutWebsites(addresses)).toEqual(['w1', 'w2']);
    expect(await job.run()).toBe(10);
    expect(addresses.websiteIdsFrom).toHaveBeenLastCalledWith('w2');
    expect(cutWebsites(addresses)).toEqual(['w1', 'w2', 'w2', 'w3']);
  });

  it('stops a pass once it read about 2,000 rows and starts the next at the website it did not reach', async () => {
    const { job, addresses } = build({ w1: [pass(999)], w2: [pass(1001)] });
    expect(await job.run()).toBe(2000);
    expect(cutWebsites(addresses)).toEqual(['w1', 'w2']);
    await job.run();
    expect(addresses.websiteIdsFrom).toHaveBeenLastCalledWith('w3');
  });

  it('rests for an hour after a whole round that read nothing', async () => {
    const { job, addresses, clock } = build();
    expect(await job.run()).toBe(0);
    expect(addresses.cutOlder).toHaveBeenCalledTimes(3);
    clock.set(NOW + HOUR_MS - 1);
    expect(await job.run()).toBe(0);
    expect(addresses.cutOlder).toHaveBeenCalledTimes(3);
    clock.set(NOW + HOUR_MS);
    await job.run();
    expect(addresses.cutOlder).toHaveBeenCalledTimes(6);
  });

  it('does not rest after a round that read rows in an earlier pass, nor while the events elsewhere had some', async () => {
    const { job, addresses } = build({ w1: [pass(1000, true)] }, [0, 0, 5]);
    await job.run(); // w1 had more
    await job.run(); // the rest of the round reads nothing, but the round read 1000
    const afterRound = addresses.cutOlder.mock.calls.length;
    expect(await job.run()).toBe(5); // a round of nothing in SQL, 5 events cut elsewhere
    expect(await job.run()).toBe(0); // a round of nothing at all: from now on it rests
    const rested = addresses.cutOlder.mock.calls.length;
    expect(rested).toBe(afterRound + 6);
    await job.run();
    expect(addresses.cutOlder.mock.calls.length).toBe(rested);
  });

  it('fails a pass whose batch fails, and tries again on the next', async () => {
    const { job, addresses } = build();
    addresses.cutOlder.mockRejectedValueOnce(new Error('database is locked'));
    await expect(job.run()).rejects.toThrow('database is locked');
    addresses.cutOlder.mockResolvedValue(pass(1));
    expect(await job.run()).toBe(3);
  });
});
