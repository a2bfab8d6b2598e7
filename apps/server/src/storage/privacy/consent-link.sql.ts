import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { PathChanges } from '../attribution/path-changes';
import { type Dialect, takeTurns } from '../sql/dialect';
import { type CorrectionEvents, sqlEventReads } from './correction-events.sql';
import { RollupCorrections } from './rollup-corrections';
import { SessionCorrections } from './session-corrections';

/**
 * A visitor who consents keeps what they did before it: today's clicks, conversions and events of
 * their hash visitor move to the new visitor id, and the conversions of that visitor go
 * back to be credited again (as after an identify), so the campaign click that brought them counts
 * for later conversions. The dashboard rollups then count the person once on those days, and their
 * entrances no longer as visits without consent.
 */
export class ConsentLinkRepository {
  private readonly pathChanges: PathChanges;
  private readonly rollups: RollupCorrections;
  private readonly events: CorrectionEvents;
  private readonly sessions: SessionCorrections;

  /** `events`: where the raw events are read (the SQL `event` table unless given). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    events?: CorrectionEvents,
  ) {
    this.pathChanges = new PathChanges(dialect);
    this.events = events ?? sqlEventReads(dialect);
    this.rollups = new RollupCorrections(dialect, this.events);
    this.sessions = new SessionCorrections(dialect);
  }

  /** Moves `from`'s rows since `since` (ms) to `to`; returns how many clicks moved. */
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
      await this.moveEvents(trx, websiteId, from, to, since);
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

  /** Moves `from`'s raw events since `since` to `to`, in the link's transaction. */
  protected async moveEvents(
    trx: Transaction<DB>,
    websiteId: string,
    from: string,
    to: string,
    since: number,
  ): Promise<void> {
    await trx
      .updateTable('event')
      .set({ visitor_id: to })
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', from)
      .where('ts', '>=', since)
      .execute();
  }
}
