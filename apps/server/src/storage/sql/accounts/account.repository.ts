import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** better-auth's rows about one user, read for the profile and Auth Debug; always by user id. */
export class AccountRepository {
  constructor(private readonly db: Kysely<DB>) {}

  sessions(userId: string) {
    return this.db
      .selectFrom('session')
      .select(['id', 'userAgent', 'aal', 'createdAt', 'updatedAt', 'expiresAt'])
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .execute();
  }

  /** Ends one of the user's sessions; false when no session of theirs has that id. */
  async deleteSession(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('session')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  factors(userId: string) {
    return this.db.selectFrom('twoFactor').select(['id', 'verified']).where('userId', '=', userId).execute();
  }

  signInMethods(userId: string) {
    return this.db
      .selectFrom('account')
      .select(['providerId', 'accountId', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
  }

  /** The user row; sessions, sign-in methods, factors, the organization and websites go with it (foreign keys). */
  async deleteUser(userId: string): Promise<void> {
    await this.db.deleteFrom('user').where('id', '=', userId).execute();
  }
}
