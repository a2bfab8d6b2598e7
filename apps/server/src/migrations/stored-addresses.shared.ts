import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { truncateStoredAddresses } from '../storage/privacy/stored-addresses';

/**
 * Migration 0020: the events and clicks of websites with IP anonymization on keep only the /24
 * (IPv4) or /48 (IPv6) of each address, as ingestion stores them since. Addresses stored before
 * the setting was switched on were full until now. Websites with it off are cut once their rows
 * are 30 days old (the daily address job).
 */
export async function truncateAnonymizedWebsites(db: Kysely<unknown>): Promise<void> {
  const sites = await (db as Kysely<DB>).selectFrom('website').select(['id', 'config']).execute();
  const ids = sites.filter((site) => anonymizes(site.config)).map((site) => site.id);
  for (let i = 0; i < ids.length; i += 200) {
    const websiteIds = ids.slice(i, i + 200);
    while ((await truncateStoredAddresses(db as Kysely<DB>, { websiteIds }, 1000)) > 0);
  }
}

function anonymizes(config: string): boolean {
  try {
    return (
      (JSON.parse(config) as { scriptConfig?: { ipAnonymization?: unknown } }).scriptConfig
        ?.ipAnonymization === true
    );
  } catch {
    return false;
  }
}
