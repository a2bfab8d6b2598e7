import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** After any workspace change: its metrics cross cards (a campaign's clicks show on its network too). */
export function useInvalidateWorkspace(websiteId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.workspace.all(websiteId) });
}
