import type { SignInTest, SignInTestResult } from '@ocx/contracts';
import { debugApi } from '../debug.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** Auth Debug's sign-in test: checks credentials without touching the current session. */
export function useSignInTest(callbacks?: MutationCallbacks<SignInTestResult, SignInTest>) {
  return useRefreshingMutation(debugApi.signInTest, null, callbacks);
}
