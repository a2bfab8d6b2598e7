import type { Selectable } from 'kysely';
import type { TrafficSourceTable } from '../../db/schema';
import { toIso } from '../../db/sql-values';

/** A website's traffic source read back: a boolean default flag, dates as ISO text. */
export interface StoredTrafficSource {
  id: string;
  websiteId: string;
  slug: string;
  name: string;
  description: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toStoredTrafficSource(row: Selectable<TrafficSourceTable>): StoredTrafficSource {
  return {
    id: row.id,
    websiteId: row.website_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    isDefault: Number(row.is_default) === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
