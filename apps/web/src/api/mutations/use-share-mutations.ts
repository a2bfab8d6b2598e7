import { shareApi } from '../share.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** A protected shared link's password, answered with the proof that opens its dashboard. */
export function useUnlockSharedLink(
  token: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof shareApi.unlock>>, string>,
) {
  return useRefreshingMutation((password: string) => shareApi.unlock(token, password), null, callbacks);
}
