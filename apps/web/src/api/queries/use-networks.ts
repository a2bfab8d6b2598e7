import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

export const useNetworks = (websiteId: string) =>
  useQuery({
    queryKey: queryKeys.workspace.networks(websiteId),
    queryFn: () => workspaceApi.networks(websiteId),
  });
