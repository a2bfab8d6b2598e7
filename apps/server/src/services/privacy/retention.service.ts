import type { RetentionRepository } from '../../storage/privacy/retention.repository';

const IDLE_MS = 3_600_000;

/** The instant `months` calendar months (UTC) before `now`. */
export function retentionCutoff(now: number, months: number): number {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.getTime();
}

/**
 * The daily retention job: a background task that deletes, per website, the rows older than its
 * privacy.retentionMonths, one small batch per table and pass while there is work, then rests for
 * an hour.
 */
export class RetentionService {
  private restUntil = 0;

  constructor(
    private readonly rows: RetentionRepository,
    private readonly now: () => number = Date.now,
    private readonly batch = 500,
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    if (now < this.restUntil) return 0;
    let deleted = 0;
    for (const site of await this.rows.websites())
      deleted += await this.rows.deleteOlder(
        site.id,
        retentionCutoff(now, site.retention_months),
        this.batch,
      );
    if (deleted === 0) this.restUntil = now + IDLE_MS;
    return deleted;
  }
}
