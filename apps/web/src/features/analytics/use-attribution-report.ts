import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../../api/integrations.api';
import { type RangePreset, rangeFor } from './attribution-comparison';

export const attributionReportKey = (websiteId: string) => ['attribution-report', websiteId] as const;

/** All eight models' credits for the website over a preset range ending now. */
export function useAttributionReport(websiteId: string, preset: RangePreset) {
  return useQuery({
    queryKey: [...attributionReportKey(websiteId), preset] as const,
    queryFn: () => integrationsApi.attributionReport(websiteId, rangeFor(preset, Date.now())),
  });
}
