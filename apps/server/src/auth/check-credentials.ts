import type { Auth } from './auth';
import type { CheckedCredentials } from './auth-messages';

type AuthContext = Awaited<Auth['$context']>;

/**
 * The password check of better-auth's email sign-in (sign-in.mjs: the user by lower-cased email,
 * its `credential` account, the hash verified, a dummy hash when there is none so the answer takes
 * as long), without what follows it there: no session is created and no cookie is set.
 */
export async function checkCredentials(
  context: AuthContext,
  { email, password }: { email: string; password: string },
): Promise<CheckedCredentials> {
  const found = await context.internalAdapter.findUserByEmail(email.toLowerCase(), { includeAccounts: true });
  const account = found?.accounts.find((a) => a.providerId === 'credential' && a.accountId === found.user.id);
  if (!found || !account?.password) {
    await context.password.hash(password);
    return null;
  }
  if (!(await context.password.verify({ hash: account.password, password }))) return null;
  return { userId: found.user.id, email: found.user.email, emailVerified: Boolean(found.user.emailVerified) };
}
