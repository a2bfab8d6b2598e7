import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

export const useSources = (websiteId: string) =>
  useQuery({
    queryKey: queryKeys.workspace.sources(websiteId),
    queryFn: () => workspaceApi.sources(websiteId),
  });
