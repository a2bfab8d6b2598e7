import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationToken, mailTo, ownOrganization, verifyEmail } from './test/members.fixture';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from './test/test-app';

describe.each(dialects)('request logs on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  const lines: string[] = [];
  const log = () => lines.join('');
  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { trustProxy: 1 },
      { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } },
    );
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  // Request logs must not hold client addresses: not the socket's, not X-Forwarded-For's.
  it('log method, path and status, and no client address or port', async () => {
    for (const url of ['/api/health', '/api/collect', '/api/nope']) {
      await t.app.inject({
        method: url === '/api/collect' ? 'POST' : 'GET',
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '198.51.100.7', 'content-type': 'text/plain' },
        payload: url === '/api/collect' ? '{}' : undefined,
      });
    }
    expect(log()).toContain('"url":"/api/nope"');
    expect(log()).toContain('"statusCode":404');
    expect(log()).not.toContain('203.0.113.9');
    expect(log()).not.toContain('198.51.100.7');
    expect(log()).not.toMatch(/remoteAddress|remotePort/);
  });

  // Beacons come thousands a second: two info lines each were most of what a default server wrote.
  it('leave collect beacons out of the request log, and still log other requests', async () => {
    const before = lines.length;
    for (const method of ['POST', 'GET', 'OPTIONS'] as const)
      await t.app.inject({
        method,
        url: method === 'GET' ? '/api/collect?site=nope&url=https://shop.test/' : '/api/collect',
        headers: { 'content-type': 'text/plain' },
        payload: method === 'POST' ? '{"site":"nope","events":[]}' : undefined,
      });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const written = lines.slice(before).join('');
    expect(written).not.toContain('/api/collect');
    expect(written).toContain('"url":"/api/health"');
  });

  it('never hold the token of a shared link, an invitation, a mailed link or an OAuth/OIDC callback', async () => {
    const site = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json();
    const share = (await callAs(t, owner, 'POST', `/api/websites/${site.id}/shares`, {})).json();
    const shareToken = String(share.url).split('/share/')[1] ?? '';
    // Only a proven address mails invitations.
    await verifyEmail(t, owner);
    const invited = await callAs(
      t,
      owner,
      'POST',
      `/api/organizations/${await ownOrganization(t, owner)}/invitations`,
      {
        email: 'invitee@example.com',
        role: 'viewer',
      },
    );
    const inviteToken = await invitationToken(t, invited.json().invitation.id);
    const verification = await mailTo(t, owner.userId, /\/api\/auth\/verify-email\?/);
    const verifyUrl = new URL(
      /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(verification.text)?.[0] ?? '',
    );
    const verifyToken = verifyUrl.searchParams.get('token') ?? '';
    expect([shareToken, inviteToken, verifyToken].every((token) => token.length >= 16)).toBe(true);

    const urls = [
      `/share/${shareToken}`,
      `/api/share/${shareToken}`,
      `/api/share/${shareToken}/dashboard?range=7d`,
      `/invitations/${inviteToken}`,
      `/api/invitations/${inviteToken}`,
      `${verifyUrl.pathname}${verifyUrl.search}`,
      '/reset-password?token=resetsecret0123456789',
      '/api/auth/reset-password/resetpathsecret0123456789?callbackURL=%2Freset-password',
      '/api/auth/magic-link/verify?token=magicsecret0123456789&callbackURL=%2F',
      '/api/auth/callback/oidc?code=oidccodesecret0123&state=oidcstatesecret0123',
      '/api/auth/callback/google?state=googlestatesecret0123&code=googlecodesecret0123',
    ];
    for (const url of urls) await callAs(t, null, 'GET', url);
    await callAs(t, owner, 'POST', `/api/invitations/${inviteToken}/accept`);

    // Without SMTP_URL each mail, its links included, is a log line on purpose (README): not these.
    const requestLog = lines.filter((line) => JSON.parse(line).component !== 'mail').join('');
    const secrets = [shareToken, inviteToken, verifyToken, 'resetsecret', 'resetpathsecret', 'magicsecret'];
    secrets.push('oidccodesecret', 'oidcstatesecret', 'googlestatesecret', 'googlecodesecret');
    for (const secret of secrets) expect(requestLog).not.toContain(secret);
    expect(requestLog).toContain('"url":"/api/share/[redacted]/dashboard?range=7d"');
    expect(requestLog).toContain('"url":"/api/invitations/[redacted]/accept"');
    expect(requestLog).toContain('"url":"/api/auth/callback/oidc?code=[redacted]&state=[redacted]"');
  });
});
