import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('keeps the entries in use when new keys need room: the least recently used one goes', async () => {
    const loads: string[] = [];
    const cache = new TtlCache<string>(() => 60_000, 3);
    const get = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['real', 'b', 'c']) await get(key);
    await get('real'); // real traffic keeps asking for it
    for (let i = 0; i < 20; i++) {
      await get(`random-${i}`);
      await get('real');
    }
    expect(loads.filter((k) => k === 'real')).toHaveLength(1);
  });

  it('caches a miss too, for its own time', async () => {
    let loads = 0;
    const cache = new TtlCache<string | null>((v) => (v ? 60_000 : 5_000));
    const load = async () => {
      loads += 1;
      return null;
    };
    await cache.get('unknown', load, 1_000);
    await cache.get('unknown', load, 2_000);
    expect(loads).toBe(1);
    await cache.get('unknown', load, Date.now() + 6_000);
    expect(loads).toBe(2);
  });

  it('loads once for concurrent misses and forgets a failed load', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(() => 60_000);
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('down'));
    };
    const both = [cache.get('k', failing), cache.get('k', failing)];
    await Promise.allSettled(both);
    expect(loads).toBe(1);
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
