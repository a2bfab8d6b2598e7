import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../errors';
import type { ApiTokenRepository, TokenOwner } from '../../storage/accounts/api-token.repository';
import { mockOf } from '../../test/service-mocks';
import { alice } from '../../test/service-rows.fixture';
import { ApiTokenService } from './api-token.service';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function build() {
  const tokens = mockOf<ApiTokenRepository>();
  return { service: new ApiTokenService(tokens), tokens };
}

const owner = (changes: Partial<TokenOwner> = {}): TokenOwner => ({
  id: 'tok-1',
  userId: alice.id,
  email: alice.email,
  expiresAt: null,
  ...changes,
});

describe('ApiTokenService', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores only the hash of a new token and shows the token once', async () => {
    const { service, tokens } = build();
    const made = await service.create(alice, { name: 'CI', expiresInDays: 30 });
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made).toMatchObject({
      name: 'CI',
      scope: 'read',
      prefix: made.token.slice(0, API_TOKEN_PREFIX.length + 4),
      createdAt: new Date(NOW).toISOString(),
      expiresAt: new Date(NOW + 30 * DAY_MS).toISOString(),
      lastUsedAt: null,
    });
    const stored = tokens.insert.mock.calls[0]?.[0];
    expect(stored).toMatchObject({ id: made.id, user_id: alice.id, token_hash: sha256(made.token) });
    expect(JSON.stringify(stored)).not.toContain(made.token);
  });

  it('makes a token without an expiry when asked for none', async () => {
    const { service } = build();
    await expect(service.create(alice, { name: 'Forever', expiresInDays: null })).resolves.toMatchObject({
      expiresAt: null,
    });
  });

  it('answers not found when revoking a token the user does not have', async () => {
    const { service, tokens } = build();
    tokens.delete.mockResolvedValue(false);
    await expect(service.revoke(alice, 'tok-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(tokens.delete).toHaveBeenCalledWith(alice.id, 'tok-x');
  });

  it('authenticates a live token by its hash and records its use', async () => {
    const { service, tokens } = build();
    tokens.findByHash.mockResolvedValue(owner({ expiresAt: '2024-03-02T00:00:00.000Z' }));
    await expect(service.authenticate('ocx_pat_secret')).resolves.toEqual({
      id: alice.id,
      email: alice.email,
      tokenId: 'tok-1',
      scope: 'read',
    });
    expect(tokens.findByHash).toHaveBeenCalledWith(sha256('ocx_pat_secret'));
    expect(tokens.touch).toHaveBeenCalledWith('tok-1', new Date(NOW).toISOString());
  });

  it('refuses an expired or unknown token without touching it', async () => {
    const { service, tokens } = build();
    tokens.findByHash.mockResolvedValue(owner({ expiresAt: new Date(NOW).toISOString() }));
    await expect(service.authenticate('ocx_pat_old')).resolves.toBeNull();
    tokens.findByHash.mockResolvedValue(undefined);
    await expect(service.authenticate('ocx_pat_unknown')).resolves.toBeNull();
    expect(tokens.touch).not.toHaveBeenCalled();
  });

  it('lists the user’s own tokens', async () => {
    const { service, tokens } = build();
    const mine = [
      {
        id: 'tok-1',
        name: 'CI',
        prefix: 'ocx_pat_abcd',
        scope: 'read' as const,
        createdAt: '2024-02-01T00:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
      },
    ];
    tokens.listByUser.mockResolvedValue(mine);
    await expect(service.list(alice)).resolves.toEqual(mine);
    expect(tokens.listByUser).toHaveBeenCalledWith(alice.id);
  });

  it('revokes all of a user’s tokens with the reason and answers the last revocation', async () => {
    const { service, tokens } = build();
    tokens.revokeAll.mockResolvedValue(2);
    await expect(service.revokeAll(alice.id, 'password-reset')).resolves.toBe(2);
    expect(tokens.revokeAll).toHaveBeenCalledWith(alice.id, 'password-reset', new Date(NOW).toISOString());
    await expect(service.lastRevocation(alice)).resolves.toBeNull();
    const revocation = {
      revokedAt: new Date(NOW).toISOString(),
      reason: 'password-reset' as const,
      count: 2,
    };
    tokens.findRevocation.mockResolvedValue(revocation);
    await expect(service.lastRevocation(alice)).resolves.toEqual(revocation);
    expect(tokens.findRevocation).toHaveBeenCalledWith(alice.id);
  });
});
