import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../account.api';
import { queryKeys } from './query-keys';

/**
 * How the server sends mail and, without SMTP, the user's own mails it kept (newest first). The
 * verify-email banner asks too (`enabled`), to say when no mail went out.
 */
export function useOutbox({
  enabled = true,
  refetchInterval,
}: {
  enabled?: boolean;
  refetchInterval?: number;
} = {}) {
  return useQuery({
    queryKey: queryKeys.outbox,
    queryFn: accountApi.outbox,
    enabled,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}
