import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

/** The built-in ad platforms never change while the app runs. */
export const useAdPlatforms = () =>
  useQuery({
    queryKey: queryKeys.adPlatforms,
    queryFn: workspaceApi.adPlatforms,
    staleTime: Number.POSITIVE_INFINITY,
  });
