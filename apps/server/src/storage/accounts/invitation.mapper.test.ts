import { describe, expect, it } from 'vitest';
import { toStoredInvitation } from './invitation.mapper';

describe('toStoredInvitation', () => {
  it('gives both dates as ISO text and keeps the other columns as read', () => {
    const row = {
      id: 'inv-1',
      organization_id: 'org-1',
      organization_name: 'Alice & Co',
      email: 'bob@example.com',
      role: 'admin',
      token_hash: 'hash',
      invited_by: null,
      // PostgreSQL answers a Date, SQLite the text written.
      expires_at: new Date(Date.UTC(2026, 0, 8)),
      created_at: '2026-01-01 10:00:00Z',
    };
    expect(toStoredInvitation(row)).toEqual({
      ...row,
      expires_at: '2026-01-08T00:00:00.000Z',
      created_at: '2026-01-01T10:00:00.000Z',
    });
  });
});
