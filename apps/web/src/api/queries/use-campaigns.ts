import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

export const useCampaigns = (websiteId: string) =>
  useQuery({
    queryKey: queryKeys.workspace.campaigns(websiteId),
    queryFn: () => workspaceApi.campaigns(websiteId),
  });
