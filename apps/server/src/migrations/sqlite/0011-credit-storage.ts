import type { Kysely } from 'kysely';
import { migrateCreditStorage } from '../credit-storage.shared';

/** Credits a row per touchpoint with every model as columns, money in minor units (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateCreditStorage(db, 'sqlite');
}
