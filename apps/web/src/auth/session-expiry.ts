import { notifications } from '@mantine/notifications';
import { messages } from '@ocx/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queries/query-keys';

let announced = false;

/**
 * A 401 on an API call means the session ended on the server: say so once, forget cached data and
 * mark the user signed out, which routes them to the login screen.
 */
export function handleSessionExpired(queryClient: QueryClient): void {
  if (!announced) {
    announced = true;
    notifications.show({ color: 'red', title: 'Signed out', message: messages.auth.sessionExpired });
    setTimeout(() => {
      announced = false;
    }, 3000);
  }
  queryClient.setQueryData(queryKeys.session, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
}
