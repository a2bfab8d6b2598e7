import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

interface Outbox {
  transport: string;
  mails: { to: string; subject: string; text: string; sentAt: string }[];
}

/** No SMTP_URL in the test app: mail stays in the dev outbox, where its own user opens it. */
describe.each(dialects)('dev outbox API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const outbox = async (user: SignedIn): Promise<Outbox> => {
    const res = await callAs(t, user, 'GET', '/api/account/outbox');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  // The auth thread hands a mail over after sign-up answers: wait for it to arrive.
  const verificationMail = async (user: SignedIn) => {
    await vi.waitFor(async () => expect((await outbox(user)).mails).not.toEqual([]), { timeout: 10_000 });
    const mail = (await outbox(user)).mails.find((m) => m.subject === 'Verify your email address');
    if (!mail) throw new Error('no verification mail');
    return mail;
  };
  const linkOf = (text: string) => new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? '');

  it('answers 401 without a session', async () => {
    expect((await callAs(t, null, 'GET', '/api/account/outbox')).statusCode).toBe(401);
  });

  it("shows the user's verification mail with its text and link, and the link verifies the address", async () => {
    const mail = await verificationMail(alice);
    expect((await outbox(alice)).transport).toBe('log');
    expect(mail.to).toBe(alice.email);
    const link = linkOf(mail.text);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const opened = await callAs(t, alice, 'GET', `${link.pathname}${link.search}`);
    expect(opened.statusCode).toBe(302);
    const session = await callAs(t, alice, 'GET', '/api/auth/get-session');
    expect(session.json().user.emailVerified).toBe(true);
  });

  it("never shows another user's mail", async () => {
    const alicesLink = linkOf((await verificationMail(alice)).text).href;
    await verificationMail(bob);
    const bobs = await outbox(bob);
    expect(bobs.mails.map((m) => m.to)).toEqual(bobs.mails.map(() => bob.email));
    expect(bobs.mails.map((m) => m.text).join('\n')).not.toContain(alicesLink);
  });
});
