import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** better-auth's own tables, as far as the auth debug screen reads them (migration 0001, its plugins). */
type AuthTables = {
  session: {
    id: string;
    userId: string;
    createdAt: string | Date;
    expiresAt: string | Date;
    userAgent: string | null;
  };
  account: { id: string; userId: string; providerId: string; createdAt: string | Date };
  twoFactor: { id: string; userId: string; verified: boolean | number | null };
};

const iso = (value: string | Date) => new Date(value).toISOString();

/** What the auth debug screen reads of one user's auth rows; every query is scoped to that user. */
export class AuthDebugRepository {
  private readonly db: Kysely<DB & AuthTables>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<AuthTables>();
  }

  async user(userId: string) {
    const row = await this.db
      .selectFrom('user')
      .select(['id', 'email', 'emailVerified', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { ...row, emailVerified: Boolean(row.emailVerified), createdAt: iso(row.createdAt) };
  }

  /** The user's sessions that have not expired, newest first. */
  async sessions(userId: string, now: Date) {
    const rows = await this.db
      .selectFrom('session')
      .select(['id', 'createdAt', 'expiresAt', 'userAgent'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .execute();
    // better-auth writes dates as text on SQLite and as timestamps on PostgreSQL: compared here.
    return rows
      .map((r) => ({ ...r, createdAt: iso(r.createdAt), expiresAt: iso(r.expiresAt) }))
      .filter((r) => Date.parse(r.expiresAt) > now.getTime());
  }

  /** better-auth `account` rows: one per way the user signs in ('credential': email and password). */
  async linkedProviders(userId: string) {
    const rows = await this.db
      .selectFrom('account')
      .select(['providerId', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'asc')
      .execute();
    return rows.map((r) => ({ providerId: r.providerId, linkedAt: iso(r.createdAt) }));
  }

  /** The user's TOTP factors (better-auth's two-factor plugin, migration 0012). */
  async totpFactors(userId: string) {
    const rows = await this.db
      .selectFrom('twoFactor')
      .select(['id', 'verified'])
      .where('userId', '=', userId)
      .execute();
    // The plugin's `verified` defaults to true; older rows without it count as verified.
    return rows.map((r) => ({
      id: r.id,
      type: 'totp' as const,
      verified: r.verified == null || Boolean(r.verified),
    }));
  }
}
