import type { RangePreset } from '../../api/report-range';

/** The comparison's date-range switch, in the order it shows them. */
export const rangePresets: { value: RangePreset; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'all', label: 'All time' },
];
export const DEFAULT_RANGE: RangePreset = '30d';
