import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

export const useLandingPages = (websiteId: string) =>
  useQuery({
    queryKey: queryKeys.workspace.landingPages(websiteId),
    queryFn: () => workspaceApi.landingPages(websiteId),
  });
