import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { cutOldAddresses } from '../../storage/privacy/old-addresses';
import { truncateClickHouseAddresses } from '../../storage/privacy/privacy.clickhouse';

/** Addresses of every website are cut to /24 or /48 once their rows are this old. */
export const FULL_ADDRESS_DAYS = 30;
const DAY_MS = 86_400_000;
const IDLE_MS = 3_600_000;
/**
 * ClickHouse's addresses are cut up to the last whole hour, at most once an hour: a mutation there
 * rewrites the column of every part it touches, too much to run on every pass.
 */
const CLICKHOUSE_STEP_MS = 3_600_000;
/** Rows of one table of one website read per batch, and at most about this many per pass. */
const BATCH = 1_000;
const PASS_BUDGET = 2_000;

/**
 * The daily address job: a background task that cuts stored addresses older than 30 days. Each
 * pass reads the next few thousand rows turning 30 days old, website after website (it runs on the
 * server's request thread, so a pass must stay short); when a whole round reads nothing it rests
 * for an hour. ClickHouse's events are cut in one mutation up to the last whole hour.
 */
export class AddressTruncationService {
  private restUntil = 0;
  /** The website the next pass starts with, by id. */
  private nextWebsite = '';
  private readInRound = 0;
  /** ClickHouse's events are cut up to here. */
  private clickhouseCutTo = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
    /** The events' ClickHouse, whose `ip` column is cut too. */
    private readonly clickhouse: ClickHouseClient | null = null,
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    if (now < this.restUntil) return 0;
    const before = now - FULL_ADDRESS_DAYS * DAY_MS;
    const ids = (
      await this.db
        .selectFrom('website')
        .select('id')
        .where('id', '>=', this.nextWebsite)
        .orderBy('id')
        .execute()
    ).map((w) => w.id);
    let read = 0;
    let finished = true;
    for (const id of ids) {
      if (read >= PASS_BUDGET) {
        this.nextWebsite = id;
        finished = false;
        break;
      }
      const pass = await cutOldAddresses(this.db, id, before, BATCH);
      read += pass.read;
      if (pass.more) {
        this.nextWebsite = id;
        finished = false;
        break;
      }
    }
    this.readInRound += read;
    const clickhouseCut = await this.cutClickHouse(before);
    if (finished) {
      this.nextWebsite = '';
      if (this.readInRound === 0 && clickhouseCut === 0) this.restUntil = now + IDLE_MS;
      this.readInRound = 0;
    }
    return read + clickhouseCut;
  }

  private async cutClickHouse(before: number): Promise<number> {
    const upTo = Math.floor(before / CLICKHOUSE_STEP_MS) * CLICKHOUSE_STEP_MS;
    if (!this.clickhouse || upTo <= this.clickhouseCutTo) return 0;
    const cut = await truncateClickHouseAddresses(this.clickhouse, { before: upTo });
    this.clickhouseCutTo = upTo;
    return cut;
  }
}
