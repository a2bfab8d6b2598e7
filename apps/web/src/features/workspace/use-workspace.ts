import { useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceApi } from '../../api/workspace.api';

/** Query keys per website; any change invalidates the whole workspace (metrics cross cards). */
export const workspaceKey = (websiteId: string, part?: string) =>
  part ? (['workspace', websiteId, part] as const) : (['workspace', websiteId] as const);

export const useCampaigns = (websiteId: string) =>
  useQuery({
    queryKey: workspaceKey(websiteId, 'campaigns'),
    queryFn: () => workspaceApi.campaigns(websiteId),
  });

export const useNetworks = (websiteId: string) =>
  useQuery({
    queryKey: workspaceKey(websiteId, 'networks'),
    queryFn: () => workspaceApi.networks(websiteId),
  });

export const useSources = (websiteId: string) =>
  useQuery({ queryKey: workspaceKey(websiteId, 'sources'), queryFn: () => workspaceApi.sources(websiteId) });

export const useLandingPages = (websiteId: string) =>
  useQuery({
    queryKey: workspaceKey(websiteId, 'landing-pages'),
    queryFn: () => workspaceApi.landingPages(websiteId),
  });

export const useAdPlatforms = () =>
  useQuery({
    queryKey: ['ad-platforms'],
    queryFn: workspaceApi.adPlatforms,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvalidateWorkspace(websiteId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workspaceKey(websiteId) });
}
