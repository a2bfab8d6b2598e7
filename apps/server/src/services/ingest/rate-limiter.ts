/** Fixed one-minute windows per client address, in memory (per app server). */
export class RateLimiter {
  private windows = new Map<string, number>();
  private windowStart = 0;

  constructor(private readonly perMinute: number) {}

  /** True when the request may pass. */
  allow(key: string, now = Date.now()): boolean {
    const window = Math.floor(now / 60_000);
    if (window !== this.windowStart) {
      this.windowStart = window;
      this.windows = new Map();
    }
    const count = (this.windows.get(key) ?? 0) + 1;
    this.windows.set(key, count);
    return count <= this.perMinute;
  }

  /** Seconds until the current window ends. */
  retryAfter(now = Date.now()): number {
    return 60 - Math.floor((now % 60_000) / 1000);
  }
}
