import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { truncateClickHouseAddresses } from '../../storage/clickhouse/privacy.clickhouse';
import { truncateStoredAddresses } from '../../storage/sql/privacy/stored-addresses';

/** Addresses of every website are cut to /24 or /48 once their rows are this old. */
export const FULL_ADDRESS_DAYS = 30;
const DAY_MS = 86_400_000;
const IDLE_MS = 3_600_000;

/**
 * The daily address job: a background task that cuts stored addresses older than 30 days in
 * small batches (one per pass while there is work), then rests for an hour.
 */
export class AddressTruncationService {
  private restUntil = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
    /** The events' ClickHouse, whose `ip` column is cut too. */
    private readonly clickhouse: ClickHouseClient | null = null,
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    if (now < this.restUntil) return 0;
    const scope = { before: now - FULL_ADDRESS_DAYS * DAY_MS };
    const cut =
      (await truncateStoredAddresses(this.db, scope)) +
      (this.clickhouse ? await truncateClickHouseAddresses(this.clickhouse, scope) : 0);
    if (cut === 0) this.restUntil = now + IDLE_MS;
    return cut;
  }
}
