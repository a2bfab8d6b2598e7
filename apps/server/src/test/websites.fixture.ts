import type { Database } from '../db/database';

/**
 * Rows of the `website` table (owned by a user 'owner') for tests of jobs that go website by
 * website; `retentionMonths` per id where a test needs other than the default 25.
 */
export async function insertWebsites(
  database: Database,
  ids: string[],
  now = Date.now(),
  retentionMonths: Record<string, number> = {},
): Promise<void> {
  const iso = new Date(now).toISOString();
  const sqlite = database.dialect === 'sqlite';
  await database.db
    .insertInto('user')
    .values({
      id: 'owner',
      name: 'Owner',
      email: 'owner@example.com',
      emailVerified: (sqlite ? 0 : false) as never,
      createdAt: (sqlite ? iso : new Date(now)) as never,
      updatedAt: (sqlite ? iso : new Date(now)) as never,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  for (const id of ids)
    await database.db
      .insertInto('website')
      .values({
        id,
        user_id: 'owner',
        organization_id: null,
        name: id,
        brand: 'B',
        root_domain: `${id}.test`,
        attribution_model: 'first_touch',
        attribution_window: 90,
        config: '{}',
        postback_url: null,
        cookie_domain: `.${id}.test`,
        default_campaign_id: 'c_abcdefg',
        retention_months: retentionMonths[id] ?? 25,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
}
