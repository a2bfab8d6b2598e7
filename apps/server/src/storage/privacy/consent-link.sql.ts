import type { Kysely, Transaction } from 'kysely';
import { type Dialect, takeTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { PathChanges } from '../attribution/path-changes';
import type { ConsentLinkRepository } from './consent-link.repository';
import { type CorrectionEvents, sqlEventReads } from './correction-events.sql';
import { RollupCorrections } from './rollup-corrections';
import { SessionCorrections } from './session-corrections';

/**
 * What a consent link does with the raw events, wherever they are: the SQL `event` table
 * (sqlLinkedEvents), or ClickHouse (consent-link.clickhouse.ts). The rollup corrections read them
 * through the CorrectionEvents part, before and after the move.
 */
export interface LinkedEvents extends CorrectionEvents {
  /** Moves `from`'s raw events since `since` to `to`, during the link's transaction. */
  move(trx: Transaction<DB>, websiteId: string, from: string, to: string, since: number): Promise<void>;
}

/** The raw events in the SQL `event` table, moved in the link's transaction. */
function sqlLinkedEvents(dialect: Dialect): LinkedEvents {
  return {
    ...sqlEventReads(dialect),
    async move(trx, websiteId, from, to, since) {
      await trx
        .updateTable('event')
        .set({ visitor_id: to })
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', from)
        .where('ts', '>=', since)
        .execute();
    },
  };
}

/**
 * The consent link (consent-link.repository.ts) on the rows in the SQL database, the raw events
 * where `events` keeps them (the SQL `event` table unless given).
 */
export class SqlConsentLinkRepository implements ConsentLinkRepository {
  private readonly pathChanges: PathChanges;
  private readonly rollups: RollupCorrections;
  private readonly sessions: SessionCorrections;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly events: LinkedEvents = sqlLinkedEvents(dialect),
  ) {
    this.pathChanges = new PathChanges(dialect);
    this.rollups = new RollupCorrections(dialect, events);
    this.sessions = new SessionCorrections(dialect);
  }

  async link(websiteId: string, from: string, to: string, since: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await takeTurns(trx, this.dialect, websiteId);
      const movedEvents = await this.events.ofVisitor(trx, websiteId, from, since);
      const movedClicks = await trx
        .selectFrom('click')
        .select(['ts', 'channel', 'referrer_domain'])
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', from)
        .where('ts', '>=', since)
        .execute();
      const clicks = await trx
        .updateTable('click')
        .set({ visitor_id: to })
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', from)
        .where('ts', '>=', since)
        .executeTakeFirst();
      await trx
        .updateTable('conversion')
        .set({ visitor_id: to })
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', from)
        .where('ts', '>=', since)
        .execute();
      await this.events.move(trx, websiteId, from, to, since);
      await this.rollups.afterConsentLink(
        trx,
        websiteId,
        { from, to, since },
        {
          events: movedEvents.map((e) => e.ts),
          clicks: movedClicks.map((c) => ({
            ts: Number(c.ts),
            channel: c.channel,
            referrerDomain: c.referrer_domain,
          })),
        },
      );
      // The session rollups: the linked visitor's sessions counted again from the moved events.
      const sessions = await this.sessions.take(trx, websiteId, from);
      await this.sessions.recount(trx, websiteId, { ...sessions, visitors: [...sessions.visitors, to] });
      // The moved conversions, and later ones of the new id, are credited again with the joined path.
      await this.pathChanges.afterClick(trx, websiteId, to, since - 1);
      return Number(clicks.numUpdatedRows);
    });
  }
}
