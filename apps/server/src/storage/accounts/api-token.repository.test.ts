import { describe, expect, it } from 'vitest';
import { toToken } from './api-token.repository';

describe('a stored API token read back', () => {
  it('has its times as ISO text, whether the database gave Date objects or text, and is read-only', () => {
    expect(
      toToken({
        id: 'tok-1',
        user_id: 'user-1',
        name: 'CI',
        prefix: 'ocx_pat_abcd',
        token_hash: 'secret-hash',
        scope: 'write',
        created_at: new Date('2024-02-01T00:00:00Z'),
        last_used_at: '2024-02-05T00:00:00Z',
        expires_at: null,
      }),
    ).toEqual({
      id: 'tok-1',
      name: 'CI',
      prefix: 'ocx_pat_abcd',
      scope: 'read',
      createdAt: '2024-02-01T00:00:00.000Z',
      lastUsedAt: '2024-02-05T00:00:00.000Z',
      expiresAt: null,
    });
  });
});
