import type { OutboxMail } from '../services/accounts/mailer';
import { callAs, type SignedIn, signUp, type TestApp } from './test-app';

/**
 * The newest mail to `userId` in the dev outbox whose text matches, waiting for it: mails from the
 * auth thread reach the outbox a message later than the answer that caused them.
 */
export async function mailTo(t: TestApp, userId: string, text: RegExp): Promise<OutboxMail> {
  for (;;) {
    const found = t.mailer.outbox(userId)?.find((mail) => text.test(mail.text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Opens the verification link mailed at sign-up, so the user's address counts as proven. */
export async function verifyEmail(t: TestApp, user: SignedIn): Promise<void> {
  const mail = await mailTo(t, user.userId, /\/api\/auth\/verify-email\?/);
  const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0] ?? '');
  const opened = await callAs(t, null, 'GET', `${link.pathname}${link.search}`);
  if (opened.statusCode !== 302 || /error=/.test(String(opened.headers.location)))
    throw new Error(`verification failed: ${opened.statusCode} ${opened.headers.location}`);
}

/** A fresh account whose address is proven. */
export async function signUpVerified(t: TestApp): Promise<SignedIn> {
  const user = await signUp(t.app);
  await verifyEmail(t, user);
  return user;
}

/** Verifies the user's address unless it is verified already (an inviter must have proven theirs). */
async function ensureVerified(t: TestApp, user: SignedIn): Promise<void> {
  const session = (await callAs(t, user, 'GET', '/api/auth/get-session')).json();
  if (!session?.user?.emailVerified) await verifyEmail(t, user);
}

/** The token of the invitation link mailed for an invitation. */
export async function invitationToken(t: TestApp, invitationId: string): Promise<string> {
  const mail = await mailTo(t, `invitation:${invitationId}`, /\/invitations\//);
  const token = /https?:\/\/\S+\/invitations\/(\S+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  return token;
}

/**
 * Makes `user` (a fresh verified account when absent) a member of `organizationId` with `role` the
 * only way the product allows: `by` invites the address, the user proves it and accepts.
 */
export async function addMember(
  t: TestApp,
  by: SignedIn,
  organizationId: string,
  role: 'admin' | 'viewer',
  user?: SignedIn,
): Promise<SignedIn> {
  const member = user ?? (await signUp(t.app));
  await ensureVerified(t, member);
  await ensureVerified(t, by);
  const invited = await callAs(t, by, 'POST', `/api/organizations/${organizationId}/invitations`, {
    email: member.email,
    role,
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const token = await invitationToken(t, invited.json().invitation.id);
  const accepted = await callAs(t, member, 'POST', `/api/invitations/${token}/accept`);
  if (accepted.statusCode !== 200)
    throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
  return member;
}

/** The organization a user made at sign-up (their first). */
export async function ownOrganization(t: TestApp, user: SignedIn): Promise<string> {
  return (await callAs(t, user, 'GET', '/api/organizations')).json()[0].id;
}
