import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** After spend changes: campaign cards and every attribution report range show it. */
export function useInvalidateSpend(websiteId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.workspace.all(websiteId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.attributionReport.all(websiteId) }),
    ]);
}
