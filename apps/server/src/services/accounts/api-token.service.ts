import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenRevocation,
  type ApiTokenRevocationReason,
  type NewApiTokenResult,
} from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { NotFoundError } from '../../errors';
import { type ApiTokenRepository, toToken } from '../../storage/accounts/api-token.repository';
import type { CurrentUser } from '../platform/access';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user a bearer token acts for, and what it may do. */
interface TokenUser {
  id: string;
  email: string;
  tokenId: string;
  scope: 'read';
}

/**
 * Personal access tokens for scripts (Authorization: Bearer ocx_pat_…): read-only, optionally
 * expiring, listed and revoked in the profile. Only a SHA-256 of a token is kept; it is shown once.
 */
export class ApiTokenService {
  constructor(private readonly tokens: ApiTokenRepository) {}

  async create(
    user: CurrentUser,
    input: { name: string; expiresInDays: number | null },
  ): Promise<NewApiTokenResult> {
    const token = `${API_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
    const now = new Date();
    const row = {
      id: randomUUID(),
      user_id: user.id,
      name: input.name,
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
      token_hash: hash(token),
      scope: 'read',
      created_at: now.toISOString(),
      last_used_at: null,
      expires_at:
        input.expiresInDays === null
          ? null
          : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    };
    await this.tokens.insert(row);
    return { ...toToken(row), token };
  }

  async list(user: CurrentUser): Promise<ApiToken[]> {
    return this.tokens.listByUser(user.id);
  }

  async revoke(user: CurrentUser, id: string): Promise<void> {
    if (!(await this.tokens.delete(user.id, id))) throw new NotFoundError('API token not found');
  }

  /**
   * Revokes every token of a user because the sign-in they were made under changed (a password
   * reset, a second factor enrolled or removed: auth.worker.ts). Answers how many went.
   */
  revokeAll(userId: string, reason: ApiTokenRevocationReason): Promise<number> {
    return this.tokens.revokeAll(userId, reason, new Date().toISOString());
  }

  /** When and why the user's tokens were last revoked that way, or null. */
  async lastRevocation(user: CurrentUser): Promise<ApiTokenRevocation | null> {
    return (await this.tokens.findRevocation(user.id)) ?? null;
  }

  /** Whose token this is, or null for an unknown, revoked or expired one. */
  async authenticate(token: string): Promise<TokenUser | null> {
    const owner = await this.tokens.findByHash(hash(token));
    const now = new Date();
    if (!owner || (owner.expiresAt !== null && new Date(owner.expiresAt) <= now)) return null;
    await this.tokens.touch(owner.id, now.toISOString());
    return { id: owner.userId, email: owner.email, tokenId: owner.id, scope: 'read' };
  }
}
