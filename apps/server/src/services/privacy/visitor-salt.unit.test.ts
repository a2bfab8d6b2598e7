import { DAY_MS, HOUR_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { VisitorSaltRepository } from '../../storage/privacy/visitor-salt.repository';
import { mockOf } from '../../test/service-mocks';
import { VisitorSaltService } from './visitor-salt.service';

const MONDAY_NOON = Date.UTC(2026, 10, 23, 12);

function build() {
  const salts = mockOf<VisitorSaltRepository>();
  // The first candidate of a day is kept, as the table's one row per day keeps it.
  const stored = new Map<string, string>();
  salts.findOrInsert.mockImplementation(async (day, candidate) => {
    if (!stored.has(day)) stored.set(day, candidate);
    return stored.get(day) as string;
  });
  salts.deleteBefore.mockResolvedValue(0);
  let now = MONDAY_NOON;
  const service = new VisitorSaltService(salts, () => now);
  return { service, salts, setNow: (ms: number) => (now = ms) };
}

describe('VisitorSaltService without a database', () => {
  it("stores a fresh random salt for the UTC day, deletes older days' salts and reads it once a day", async () => {
    const { service, salts, setNow } = build();
    const salt = await service.today();
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salts.findOrInsert).toHaveBeenCalledWith('2026-11-23', salt);
    expect(salts.deleteBefore).toHaveBeenCalledWith('2026-11-23');
    setNow(MONDAY_NOON + 11 * HOUR_MS + 59 * 60_000);
    expect(await service.today()).toBe(salt);
    expect(salts.findOrInsert).toHaveBeenCalledTimes(1);
  });

  it('takes a new salt at UTC midnight', async () => {
    const { service, salts, setNow } = build();
    const monday = await service.today();
    setNow(Date.UTC(2026, 10, 24));
    const tuesday = await service.today();
    expect(tuesday).not.toBe(monday);
    expect(salts.findOrInsert).toHaveBeenLastCalledWith('2026-11-24', tuesday);
  });

  it('uses the salt another server stored first', async () => {
    const { service, salts } = build();
    salts.findOrInsert.mockResolvedValue('theirs');
    expect(await service.today()).toBe('theirs');
  });

  it('does not keep a failed read: the next event tries again', async () => {
    const { service, salts } = build();
    salts.findOrInsert.mockRejectedValueOnce(new Error('database is locked'));
    await expect(service.today()).rejects.toThrow('database is locked');
    await expect(service.today()).resolves.toMatch(/^[0-9a-f]{64}$/);
    expect(salts.findOrInsert).toHaveBeenCalledTimes(2);
  });

  it('rotates once per UTC day, saying how many salts went', async () => {
    const { service, salts, setNow } = build();
    salts.deleteBefore.mockResolvedValue(1);
    expect(await service.rotate()).toBe(1);
    expect(salts.deleteBefore).toHaveBeenCalledWith('2026-11-23');
    expect(await service.rotate()).toBe(0);
    setNow(MONDAY_NOON + DAY_MS);
    expect(await service.rotate()).toBe(1);
    expect(salts.deleteBefore).toHaveBeenLastCalledWith('2026-11-24');
  });

  it('tries a failed rotation again the same day', async () => {
    const { service, salts } = build();
    salts.deleteBefore.mockRejectedValueOnce(new Error('timeout')).mockResolvedValueOnce(2);
    await expect(service.rotate()).rejects.toThrow('timeout');
    expect(await service.rotate()).toBe(2);
  });
});
