import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../integrations.api';
import { type RangePreset, rangeFor } from '../report-range';
import { queryKeys } from './query-keys';

/**
 * All eight models' credits for the website over a preset range ending now; the dashboard and the
 * model comparison share it. `keepPrevious`: show the last range's report while the next loads.
 */
export function useAttributionReport(websiteId: string, preset: RangePreset, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: queryKeys.attributionReport.range(websiteId, preset),
    queryFn: () => integrationsApi.attributionReport(websiteId, rangeFor(preset, Date.now())),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
