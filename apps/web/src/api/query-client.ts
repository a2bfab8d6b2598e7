import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { navigateOutsideReact } from '../auth/navigation-bridge';
import { handleSessionExpired } from '../auth/session-expiry';
import { ApiError, isUnauthorized } from './client';

const onError = (error: Error) => {
  if (!isUnauthorized(error)) return;
  handleSessionExpired(queryClient);
  navigateOutsideReact('/login');
};

/** A boot prefetch that fails says nothing: the screen that needs the data asks again and decides. */
const isBootPrefetch = (query: Query<unknown, unknown, unknown>) => query.meta?.bootPrefetch === true;

/**
 * Asking again helps when the network or the server stumbled, never when the server refused the
 * question (a range too long, a website that is not yours): that answer would only come three times.
 */
const worthRetrying = (count: number, error: Error) =>
  count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The app's one query client (app.tsx provides it; boot-prefetch.ts fills it before the first render). */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => !isBootPrefetch(query) && onError(error) }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: worthRetrying },
  },
});
