import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { inWebsite } from '../clickhouse/clickhouse-query';
import type { ConsentLinkRepository } from './consent-link.repository';
import { type LinkedEvents, SqlConsentLinkRepository } from './consent-link.sql';
import { clickHouseEventReads } from './correction-events.clickhouse';
import { countEvents, MUTATION_SYNC } from './event-mutations.clickhouse';

/** The raw events in ClickHouse: a consenting visitor's events since the moment move there in one mutation. */
function clickHouseLinkedEvents(client: ClickHouseClient): LinkedEvents {
  return {
    ...clickHouseEventReads(client),
    async move(_trx, websiteId, from, to, since) {
      const where = `${inWebsite()} AND visitor_id = {from:String} AND ts >= {since:Int64}`;
      const params = { w: websiteId, from, to, since };
      if ((await countEvents(client, where, params)) === 0) return;
      await client.command({
        query: `ALTER TABLE events UPDATE visitor_id = {to:String} WHERE ${where}`,
        query_params: params,
        clickhouse_settings: MUTATION_SYNC,
      });
    },
  };
}

/**
 * The consent link with the raw events in ClickHouse: the rows in the SQL database moved and
 * recounted as SqlConsentLinkRepository does, its raw events those of clickHouseLinkedEvents.
 */
export class ClickHouseConsentLinkRepository implements ConsentLinkRepository {
  private readonly sql: SqlConsentLinkRepository;

  constructor(db: Kysely<DB>, dialect: Dialect, clickhouse: ClickHouseClient) {
    this.sql = new SqlConsentLinkRepository(db, dialect, clickHouseLinkedEvents(clickhouse));
  }

  link(websiteId: string, from: string, to: string, since: number): Promise<number> {
    return this.sql.link(websiteId, from, to, since);
  }
}
