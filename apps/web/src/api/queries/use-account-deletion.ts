import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../account.api';
import { queryKeys } from './query-keys';

/** What deleting the account would do, read afresh each time the dialog opens. */
export function useAccountDeletionPreview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accountDeletion,
    queryFn: accountApi.deletionPreview,
    enabled,
    staleTime: 0,
  });
}
