import { DAY_MS } from '@ocx/core';
import type { EventAddresses } from '../../storage/backend';
import type { OldAddressRepository } from '../../storage/privacy/old-addresses.repository';

/** Addresses of every website are cut to /24 or /48 once their rows are this old. */
export const FULL_ADDRESS_DAYS = 30;
const IDLE_MS = 3_600_000;
/** Rows of one table of one website read per batch, and at most about this many per pass. */
const BATCH = 1_000;
const PASS_BUDGET = 2_000;

/**
 * The daily address job: a background task that cuts stored addresses older than 30 days. Each
 * pass reads the next few thousand rows turning 30 days old, website after website (it runs on the
 * server's request thread, so a pass must stay short); when a whole round reads nothing it rests
 * for an hour. The raw events elsewhere (ClickHouse) are cut by their backend, paced its own way.
 */
export class AddressTruncationService {
  private restUntil = 0;
  /** The website the next pass starts with, by id. */
  private nextWebsite = '';
  private readInRound = 0;

  constructor(
    private readonly addresses: OldAddressRepository,
    private readonly now: () => number = Date.now,
    /** The raw events' addresses where they are not SQL rows (ClickHouse), cut on every pass too. */
    private readonly eventAddresses: EventAddresses = { cutBefore: async () => 0 },
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    if (now < this.restUntil) return 0;
    const before = now - FULL_ADDRESS_DAYS * DAY_MS;
    const ids = await this.addresses.websiteIdsFrom(this.nextWebsite);
    let read = 0;
    let finished = true;
    for (const id of ids) {
      if (read >= PASS_BUDGET) {
        this.nextWebsite = id;
        finished = false;
        break;
      }
      const pass = await this.addresses.cutOlder(id, before, BATCH);
      read += pass.read;
      if (pass.more) {
        this.nextWebsite = id;
        finished = false;
        break;
      }
    }
    this.readInRound += read;
    const eventsCut = await this.eventAddresses.cutBefore(before);
    if (finished) {
      this.nextWebsite = '';
      if (this.readInRound === 0 && eventsCut === 0) this.restUntil = now + IDLE_MS;
      this.readInRound = 0;
    }
    return read + eventsCut;
  }
}
