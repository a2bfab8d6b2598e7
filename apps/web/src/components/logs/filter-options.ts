import type { LogFacets } from '@ocx/contracts';
import type { FilterKey, LogFilters } from '../../api/log-query';

export interface FilterOption {
  value: string;
  label: string;
}

/** One select of the filter panel; its options are the distinct values in the applied range. */
export interface FilterSelect {
  key: FilterKey;
  label: string;
  options: FilterOption[];
}

/** The value of the 'All' option; never sent to the server. */
export const ALL = '__all__';

/** The options with 'All' first, keeping a chosen value that is no longer in range. */
export function selectData(options: FilterOption[], chosen: string | undefined): FilterOption[] {
  const known = !chosen || options.some((o) => o.value === chosen);
  return [{ value: ALL, label: 'All' }, ...options, ...(known ? [] : [{ value: chosen, label: chosen }])];
}

/** Campaign options by id; clicks without a campaign are 'None' (the server's `none`). */
export function campaignOptions(campaigns: LogFacets['campaigns']): FilterOption[] {
  const options = new Map<string, string>();
  for (const c of campaigns) options.set(c.id ?? 'none', c.id ? (c.name ?? c.id) : 'None');
  return [...options]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export const valueOptions = (values: string[]): FilterOption[] => values.map((v) => ({ value: v, label: v }));

/** 'Campaign: Spring' for each applied filter, to show what the rows are narrowed to. */
export function activeFilterLabels(filters: LogFilters, selects: FilterSelect[]): string[] {
  return selects.flatMap((s) => {
    const value = filters[s.key];
    if (!value) return [];
    return [`${s.label}: ${s.options.find((o) => o.value === value)?.label ?? value}`];
  });
}
