import type { Selectable } from 'kysely';
import type { OrganizationInvitationTable } from '../../db/schema';
import { toIso } from '../../db/sql-values';

type InvitationRow = Selectable<OrganizationInvitationTable>;

/** An invitation read back with its dates as ISO text, whichever database answered. */
export type WithIsoDates<R extends InvitationRow> = Omit<R, 'expires_at' | 'created_at'> & {
  expires_at: string;
  created_at: string;
};

export type StoredInvitation = WithIsoDates<InvitationRow>;

export function toStoredInvitation<R extends InvitationRow>(row: R): WithIsoDates<R> {
  return { ...row, expires_at: toIso(row.expires_at), created_at: toIso(row.created_at) };
}
