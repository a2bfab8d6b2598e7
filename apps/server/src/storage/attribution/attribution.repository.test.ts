import { describe, expect, it } from 'vitest';
import { placeholder } from '../../db/dialect';
import { createTestDatabase, dialects } from '../../test/test-database';
import { AttributionRepository } from './attribution.repository';
import { CREDITING_SQL, SqliteAttributionRepository } from './attribution.repository.sqlite';
import { describeAttributionRepositoryContract } from './attribution-repository.contract';
import { clickParams, markAfterClick, markAfterClicks, markAfterIdentify } from './path-changes';

for (const dialect of dialects) {
  describeAttributionRepositoryContract(`${dialect} (Kysely)`, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return { repo: new AttributionRepository(database.db, database.dialect), database, close };
  });
}

describeAttributionRepositoryContract('sqlite (prepared statements)', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  if (!database.sqlite) throw new Error('no SQLite connection');
  return { repo: new SqliteAttributionRepository(database.db, database.sqlite), database, close };
});

describe('SQLite query plans of the statements crediting runs per click and per conversion', () => {
  /**
   * SQLite has no statistics on a fresh file (none is ever ANALYZEd here): left to itself it walked
   * a website's clicks or conversions in time order, or all its identities, to skip a small sort.
   * Each of these must find its rows through the index that narrows them to one visitor or state.
   */
  it('narrows every crediting statement to a visitor, a user id or a state, never a whole website', async () => {
    const { database, close } = await createTestDatabase('sqlite');
    try {
      const sqlite = database.sqlite;
      if (!sqlite) throw new Error('no SQLite connection');
      const plan = (text: string, params: unknown) =>
        (sqlite.prepare(`explain query plan ${text}`).all(params) as { detail: string }[]).map(
          (r) => r.detail,
        );
      const named = { website: 'w', visitor: 'v', from: 1, to: 2, limit: 100 };
      const p = placeholder('sqlite');
      const plans = {
        claim: plan(CREDITING_SQL.claim, ['w', 500]),
        path: plan(CREDITING_SQL.path(false, 'non-direct', 'recent'), named),
        linkedPath: plan(CREDITING_SQL.path(true, 'non-direct', 'recent'), named),
        afterClick: plan(markAfterClick(p), clickParams('w', 'v', 1)),
        afterClicks: plan(markAfterClicks('sqlite', 2), ['v', 1, 'v2', 2, 'w', 'w']),
        afterIdentify: plan(markAfterIdentify(p), ['w', 'w', 'u']),
      };
      expect(plans.claim[0]).toContain('conversion_credit_state_idx (followed_up=? AND website_id=?)');
      expect(plans.path[0]).toContain('click_website_visitor_idx (website_id=? AND visitor_id=?');
      expect(plans.linkedPath[0]).toContain('click_website_visitor_idx (website_id=? AND visitor_id=?');
      expect(plans.afterClick[0]).toContain('conversion_visitor_idx (website_id=? AND visitor_id=?');
      expect(plans.afterClicks).toContainEqual(
        expect.stringContaining(
          'conversion USING INDEX conversion_visitor_idx (website_id=? AND visitor_id=?',
        ),
      );
      for (const linked of [plans.linkedPath, plans.afterClick]) {
        expect(linked).toContainEqual(
          expect.stringContaining(
            'mine USING COVERING INDEX sqlite_autoindex_identity_1 (website_id=? AND visitor_id=?)',
          ),
        );
        expect(linked).toContainEqual(
          expect.stringContaining('identity_user_idx (website_id=? AND user_id=?)'),
        );
      }
      expect(plans.afterIdentify).toContainEqual(
        expect.stringContaining('identity_user_idx (website_id=? AND user_id=?)'),
      );
      for (const lines of Object.values(plans))
        for (const line of lines) expect(line).not.toMatch(/^SCAN (click|conversion|identity)\b/);
    } finally {
      await close();
    }
  });
});
