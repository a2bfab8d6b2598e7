import { LRUCache } from 'lru-cache';

/**
 * A bounded map whose entries expire; loads once per key even under concurrent misses. Misses are
 * cached like hits (the loader's null, for its own TTL), and the least recently used entry makes
 * room: a flood of random keys cannot push out the ones real traffic keeps asking for.
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, { value: Promise<V>; expires: number }>;

  constructor(
    private readonly ttlMs: (value: V) => number,
    maxEntries = 10_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    const entry = { value, expires: now + 1000 };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.expires = Date.now() + this.ttlMs(v);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
