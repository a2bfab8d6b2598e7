import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
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
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    if (now < this.restUntil) return 0;
    const cut = await truncateStoredAddresses(this.db, { before: now - FULL_ADDRESS_DAYS * DAY_MS });
    if (cut === 0) this.restUntil = now + IDLE_MS;
    return cut;
  }
}
