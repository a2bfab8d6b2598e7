/** A map whose entries expire; loads once per key even under concurrent misses. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: (value: V) => number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    const entry = { value, expires: now + 1000 };
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.expires = Date.now() + this.ttlMs(v);
      },
      () => this.entries.delete(key),
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
