import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { EventTable } from '../../db/schema/events.schema';
import { chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { clickHouseEventReads } from './correction-events.clickhouse';
import { deleteEvents } from './event-mutations.clickhouse';
import type {
  ErasureLogEntry,
  VisitorDataRepository,
  VisitorErasure,
  VisitorExport,
  VisitorRowCounts,
} from './visitor-data.repository';
import { SqlVisitorDataRepository, type VisitorEvents } from './visitor-data.sql';

const OF_VISITOR = `${inWebsite()} AND visitor_id = {v:String}`;

/**
 * The visitor's raw events in ClickHouse. The erasure deletes them there before the SQL rows
 * commit: should the SQL erasure then fail, a retry finds these gone.
 */
function clickHouseVisitorEvents(client: ClickHouseClient): VisitorEvents {
  return {
    ...clickHouseEventReads(client),
    rows: (websiteId, visitorId) =>
      chRows<Selectable<EventTable>>(client, `SELECT * FROM events WHERE ${OF_VISITOR} ORDER BY ts, id`, {
        w: websiteId,
        v: visitorId,
      }),
    erase: (_trx, websiteId, visitorId) => deleteEvents(client, OF_VISITOR, { w: websiteId, v: visitorId }),
  };
}

/**
 * A visitor's export and erasure (GDPR Art. 15 and 17) with the raw events in ClickHouse: the rows
 * in the SQL database as SqlVisitorDataRepository finds, erases and logs them, its raw events those
 * of clickHouseVisitorEvents.
 */
export class ClickHouseVisitorDataRepository implements VisitorDataRepository {
  private readonly sql: SqlVisitorDataRepository;

  constructor(db: Kysely<DB>, dialect: Dialect, clickhouse: ClickHouseClient) {
    this.sql = new SqlVisitorDataRepository(db, dialect, clickHouseVisitorEvents(clickhouse));
  }

  /** Identities are SQL rows. */
  visitorsByUserId(websiteId: string, userId: string): Promise<string[]> {
    return this.sql.visitorsByUserId(websiteId, userId);
  }

  /** Conversions are SQL rows. */
  visitorsByOrderId(websiteId: string, orderId: string): Promise<string[]> {
    return this.sql.visitorsByOrderId(websiteId, orderId);
  }

  counts(websiteId: string, visitorId: string): Promise<VisitorRowCounts> {
    return this.sql.counts(websiteId, visitorId);
  }

  export(websiteId: string, visitorId: string): Promise<VisitorExport> {
    return this.sql.export(websiteId, visitorId);
  }

  erase(websiteId: string, visitorId: string, log: ErasureLogEntry): Promise<VisitorRowCounts> {
    return this.sql.erase(websiteId, visitorId, log);
  }

  /** The erasure log is SQL rows. */
  erasures(websiteId: string): Promise<VisitorErasure[]> {
    return this.sql.erasures(websiteId);
  }
}
