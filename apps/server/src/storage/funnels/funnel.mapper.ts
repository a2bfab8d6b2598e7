import type { Funnel, FunnelStepConditions } from '@ocx/contracts';
import type { Selectable } from 'kysely';
import type { FunnelStepTable, FunnelTable } from '../../db/schema';
import { parseJson, toIso } from '../../db/sql-values';

/** A stored funnel with its steps (in step order) as the API shows it; unreadable conditions read as none. */
export function toFunnel(row: Selectable<FunnelTable>, steps: Selectable<FunnelStepTable>[]): Funnel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website_id: row.website_id,
    steps: steps.map((s) => ({
      id: s.id,
      name: s.name,
      order: Number(s.step_order),
      conditions: stepConditions(s.conditions),
    })),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** A step's stored conditions (JSON text) read back. */
export const stepConditions = (text: string) => parseJson<FunnelStepConditions>(text, {});
