import { type BreakdownFilters, breakdownFilterKeys } from '@ocx/contracts';

/** The dashboard filters an address carries (`?country=DE&page=/pricing`), without empty ones. */
export function filtersInParams(params: URLSearchParams): BreakdownFilters {
  const found: BreakdownFilters = {};
  for (const key of breakdownFilterKeys) {
    const value = params.get(key);
    if (value) found[key] = value;
  }
  return found;
}
