import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

/** Visits, conversions and their channels and campaigns per day of one landing page. */
export const useLandingPageStats = (websiteId: string, id: string) =>
  useQuery({
    queryKey: queryKeys.workspace.landingPageStats(websiteId, id),
    queryFn: () => workspaceApi.landingPageStats(websiteId, id),
  });
