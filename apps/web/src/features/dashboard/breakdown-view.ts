import type { BreakdownDimension, BreakdownFilters, DashboardRange } from '@ocx/contracts';
import type { BreakdownSource } from '../../api/breakdown.api';
import type { OnFilter } from './dashboard-filters';

/** Which website, range and filters every breakdown panel reads, and how a row adds a filter. */
export interface BreakdownScope {
  source: BreakdownSource;
  range: DashboardRange;
  filters: BreakdownFilters;
  onFilter?: OnFilter;
}

/** One table a panel can show: a dimension, and how its first column and empty state read. */
export interface BreakdownView {
  dimension: BreakdownDimension;
  label: string;
  column: string;
  empty: string;
  /** More filters than the dashboard's (a goal's property breakdown). */
  filters?: BreakdownFilters;
  /** Shown as the world map (Locations → Map) instead of a table. */
  map?: true;
}
