import type { AuthDebug, DatabaseDebug, SignInTest, SignInTestResult } from '@ocx/contracts';
import { api } from './client';

/** The debug screens' server data: the signed-in user's own, never SQL (docs/decisions.md#differences-from-the-original-product-description). */
export const debugApi = {
  database: () => api<DatabaseDebug>('GET', '/api/debug/database'),
  auth: () => api<AuthDebug>('GET', '/api/debug/auth'),
  /** Checks credentials without signing in: the current session stays as it is. */
  signInTest: (body: SignInTest) => api<SignInTestResult>('POST', '/api/debug/auth/sign-in-test', body),
};
