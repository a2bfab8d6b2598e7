import type { Kysely } from 'kysely';
import { countSeenDaysByStatement } from '../value-seen-days-by-statement.shared';

/** dash_value_seen_day kept once per statement on PostgreSQL (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await countSeenDaysByStatement(db, 'sqlite');
}
