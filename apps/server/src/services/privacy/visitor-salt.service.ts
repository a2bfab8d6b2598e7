import { randomBytes } from 'node:crypto';
import type { VisitorSaltRepository } from '../../storage/privacy/visitor-salt.repository';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Today's salt for hash visitors (UTC day). The first use of a day stores a fresh random salt and
 * deletes every older one, so after midnight nobody — not even the operator — can recompute
 * yesterday's visitor ids; `rotate` does the same for a server with no traffic at midnight.
 */
export class VisitorSaltService {
  private cached: { day: string; salt: Promise<string> } | null = null;
  private rotatedDay = '';

  constructor(
    private readonly salts: VisitorSaltRepository,
    private readonly now: () => number = Date.now,
  ) {}

  today(): Promise<string> {
    const day = utcDay(this.now());
    if (this.cached?.day !== day) {
      const salt = this.load(day);
      this.cached = { day, salt };
      // A failed read is not kept: the next event tries again.
      salt.catch(() => {
        if (this.cached?.salt === salt) this.cached = null;
      });
    }
    return this.cached.salt;
  }

  /** Deletes the salts of past days once per day; returns how many went (a background task). */
  async rotate(): Promise<number> {
    const day = utcDay(this.now());
    if (day === this.rotatedDay) return 0;
    const deleted = await this.salts.deleteBefore(day);
    this.rotatedDay = day;
    return deleted;
  }

  private async load(day: string): Promise<string> {
    const salt = await this.salts.findOrInsert(day, randomBytes(32).toString('hex'));
    await this.salts.deleteBefore(day);
    return salt;
  }
}
