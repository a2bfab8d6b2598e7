import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction';

const R = REDACTED;

describe('redactUrl', () => {
  it.each([
    ['/share/ocxs_abc123', `/share/${R}`],
    ['/api/share/ocxs_abc123', `/api/share/${R}`],
    ['/api/share/ocxs_abc123/dashboard?range=7d', `/api/share/${R}/dashboard?range=7d`],
    ['/api/share/ocxs_abc123/unlock', `/api/share/${R}/unlock`],
    ['/invitations/inv_secret', `/invitations/${R}`],
    ['/api/invitations/inv_secret/accept', `/api/invitations/${R}/accept`],
    [
      '/api/auth/reset-password/rst_secret?callbackURL=%2Freset',
      `/api/auth/reset-password/${R}?callbackURL=%2Freset`,
    ],
    ['/reset-password?token=rst_secret', `/reset-password?token=${R}`],
    [
      '/api/auth/verify-email?token=eyJ.secret&callbackURL=/dashboard',
      `/api/auth/verify-email?token=${R}&callbackURL=/dashboard`,
    ],
    [
      '/api/auth/magic-link/verify?token=mgk&callbackURL=%2F',
      `/api/auth/magic-link/verify?token=${R}&callbackURL=%2F`,
    ],
    [
      '/api/auth/callback/oidc?code=c0de&state=st4te&iss=x',
      `/api/auth/callback/oidc?code=${R}&state=${R}&iss=x`,
    ],
  ])('hides the secret of %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('hides it however the path or the parameter is spelled', () => {
    expect(redactUrl('//api//Share/./tok')).toBe(`//api//Share/./${R}`);
    expect(redactUrl('/%61pi/%73hare/tok/dashboard')).toBe(`/%61pi/%73hare/${R}/dashboard`);
    expect(redactUrl('/API/INVITATIONS/tok')).toBe(`/API/INVITATIONS/${R}`);
    expect(redactUrl('/x?%74oken=a&TOKEN=b&Code=c&state')).toBe(`/x?%74oken=${R}&TOKEN=${R}&Code=${R}&state`);
    expect(redactUrl('http://ocx.test/share/tok?code=1')).toBe(`http://ocx.test/share/${R}?code=${R}`);
    expect(redactUrl('/share/tok#fragment')).toBe(`/share/${R}`);
    expect(redactUrl('/x?token=%E0%A4%A')).toBe(`/x?token=${R}`);
  });

  it('leaves ids that are not secrets and other parameters as they are', () => {
    for (const url of [
      '/api/organizations/org-1/invitations/inv-2',
      '/api/websites/site-1/shares/share-2',
      '/api/analytics/dashboard?websiteId=site-1&range=7d',
      '/api/share',
      '/api/auth/reset-password',
      '/api/collect?site=abc&postcode=1&tokens=2',
      '/',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
