import type { Timestamp } from './column-types';

export interface FunnelTable {
  id: string;
  website_id: string;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FunnelStepTable {
  funnel_id: string;
  id: string;
  name: string;
  step_order: number;
  /** JSON text: { path } | { selector } */
  conditions: string;
}

export interface FunnelTables {
  funnel: FunnelTable;
  funnel_step: FunnelStepTable;
}
