import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { cutOldAddresses, type OldAddressPass } from './old-addresses';

/** What the daily address job (services/privacy/address-truncation.service.ts) reads and cuts in SQL. */
export class OldAddressRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The ids of the websites from `firstId` on, in id order: where a pass goes on from. */
  async websiteIdsFrom(firstId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('website')
      .select('id')
      .where('id', '>=', firstId)
      .orderBy('id')
      .execute();
    return rows.map((w) => w.id);
  }

  /** The next batch of a website's rows older than `before`, their addresses cut (cutOldAddresses). */
  cutOlder(websiteId: string, before: number, batch: number): Promise<OldAddressPass> {
    return cutOldAddresses(this.db, websiteId, before, batch);
  }
}
