import { describe, expect, it } from 'vitest';
import { toMemberAlongside, toStoredSession, toStoredSignInMethod } from './account.mapper';

// PostgreSQL answers a Date, SQLite the text written: both read back alike.
describe('account mappers', () => {
  it('gives a session’s dates as ISO text', () => {
    expect(
      toStoredSession({
        id: 's1',
        userAgent: null,
        aal: 'aal2',
        createdAt: new Date(Date.UTC(2026, 0, 1)),
        updatedAt: '2026-01-02 10:00:00Z',
        expiresAt: '2026-01-09T10:00:00Z',
      }),
    ).toEqual({
      id: 's1',
      userAgent: null,
      aal: 'aal2',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
      expiresAt: '2026-01-09T10:00:00.000Z',
    });
  });

  it('gives when a sign-in method was linked as ISO text', () => {
    expect(
      toStoredSignInMethod({ providerId: 'github', accountId: 'a1', createdAt: '2026-01-01 10:00:00Z' }),
    ).toEqual({ providerId: 'github', accountId: 'a1', createdAt: '2026-01-01T10:00:00.000Z' });
  });

  it('gives when a member joined in epoch ms', () => {
    const row = { organization_id: 'o1', user_id: 'u1', email: 'u1@example.com', role: 'admin' };
    const joined = { organizationId: 'o1', userId: 'u1', email: 'u1@example.com', role: 'admin' };
    expect(toMemberAlongside({ ...row, created_at: new Date(Date.UTC(2026, 0, 1)) })).toEqual({
      ...joined,
      joinedAt: Date.UTC(2026, 0, 1),
    });
    expect(toMemberAlongside({ ...row, created_at: '2026-01-01 10:00:00Z' })).toEqual({
      ...joined,
      joinedAt: Date.UTC(2026, 0, 1, 10),
    });
  });
});
