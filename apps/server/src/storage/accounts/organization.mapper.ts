import type { Selectable } from 'kysely';
import type { OrganizationTable } from '../../db/schema';
import { toIso, toIsoOrNull } from '../../db/sql-values';

type OrganizationRow = Selectable<OrganizationTable>;
type Dates = 'current_period_end' | 'trial_ends_at' | 'created_at' | 'updated_at';

/** An organization read back with its dates as ISO text, whichever database answered. */
export type WithIsoDates<R extends OrganizationRow> = Omit<R, Dates> & {
  current_period_end: string | null;
  trial_ends_at: string | null;
  created_at: string;
  updated_at: string;
};

export type StoredOrganization = WithIsoDates<OrganizationRow>;

export function toStoredOrganization<R extends OrganizationRow>(row: R): WithIsoDates<R> {
  return {
    ...row,
    current_period_end: toIsoOrNull(row.current_period_end),
    trial_ends_at: toIsoOrNull(row.trial_ends_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
