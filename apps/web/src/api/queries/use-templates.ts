import type { TemplateCategory } from '@ocx/contracts';
import { useQuery } from '@tanstack/react-query';
import { workspaceApi } from '../workspace.api';
import { queryKeys } from './query-keys';

/** The default and the website's own campaign templates, narrowed by category and network when given. */
export function useTemplates(
  websiteId: string,
  filter: { category?: TemplateCategory | null; network?: string | null } = {},
  { enabled = true } = {},
) {
  // Only set filters go into the key and the call, so an unfiltered list is one cache entry.
  const query = {
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.network ? { network: filter.network } : {}),
  };
  return useQuery({
    queryKey: queryKeys.workspace.templates(websiteId, query),
    queryFn: () => workspaceApi.templates(websiteId, query),
    enabled,
  });
}
