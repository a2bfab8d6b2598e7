import type { ApiToken, ApiTokenRevocation, ApiTokenRevocationReason } from '@ocx/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiTokenTable, DB } from '../../db/schema';
import { toIso, toIsoOrNull } from '../../db/sql-values';

/** What authenticating a bearer token needs to know about it. */
export interface TokenOwner {
  id: string;
  userId: string;
  email: string;
  expiresAt: string | null;
}

/** Personal access tokens; every question but the bearer lookup is asked for one user. */
export class ApiTokenRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ApiTokenTable>): Promise<void> {
    await this.db.insertInto('api_token').values(row).execute();
  }

  async listByUser(userId: string): Promise<ApiToken[]> {
    const rows = await this.db
      .selectFrom('api_token')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toToken);
  }

  /** Revoking deletes the row: the hash is gone, so the token cannot be resolved again. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_token')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The token with this hash and its owner's email. */
  async findByHash(hash: string): Promise<TokenOwner | undefined> {
    const row = await this.db
      .selectFrom('api_token')
      .innerJoin('user', 'user.id', 'api_token.user_id')
      .select(['api_token.id', 'api_token.user_id', 'api_token.expires_at', 'user.email'])
      .where('api_token.token_hash', '=', hash)
      .executeTakeFirst();
    return (
      row && { id: row.id, userId: row.user_id, email: row.email, expiresAt: toIsoOrNull(row.expires_at) }
    );
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('api_token').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  /**
   * Deletes every token of the user and, when there were any, notes when and why (replacing the
   * previous note), in one transaction. Answers how many tokens went.
   */
  revokeAll(userId: string, reason: string, at: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('api_token').where('user_id', '=', userId).executeTakeFirst();
      const count = Number(deleted.numDeletedRows);
      if (count === 0) return 0;
      await trx.deleteFrom('api_token_revocation').where('user_id', '=', userId).execute();
      await trx
        .insertInto('api_token_revocation')
        .values({ user_id: userId, revoked_at: at, reason, token_count: count })
        .execute();
      return count;
    });
  }

  /** When and why the user's tokens were last revoked all at once. */
  async findRevocation(userId: string): Promise<ApiTokenRevocation | undefined> {
    const row = await this.db
      .selectFrom('api_token_revocation')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        revokedAt: toIso(row.revoked_at),
        reason: row.reason as ApiTokenRevocationReason,
        count: row.token_count,
      }
    );
  }
}

/** Tokens are read-only whatever the column says (scripts read reports). */
export function toToken(r: Selectable<ApiTokenTable>): ApiToken {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scope: 'read',
    createdAt: toIso(r.created_at),
    lastUsedAt: toIsoOrNull(r.last_used_at),
    expiresAt: toIsoOrNull(r.expires_at),
  };
}
