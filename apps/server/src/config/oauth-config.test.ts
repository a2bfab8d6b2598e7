import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';

const load = (env: NodeJS.ProcessEnv) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ocx-oauth-')), ...env });

describe('OAuth/OIDC configuration', () => {
  it('configures no provider when none of the variables is set (or all are empty)', () => {
    expect(load({}).oauth).toEqual({ google: null, oidc: null });
    expect(load({ GOOGLE_CLIENT_ID: '', OIDC_ISSUER: '', OIDC_NAME: '' }).oauth).toEqual({
      google: null,
      oidc: null,
    });
  });

  it('configures Google and OIDC from their variables, the OIDC label defaulting to Single sign-on', () => {
    const { oauth } = load({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_ISSUER: 'https://id.example.com/realms/staff/',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
    });
    expect(oauth.google).toEqual({ clientId: 'g-id', clientSecret: 'g-secret' });
    expect(oauth.oidc).toEqual({
      issuer: 'https://id.example.com/realms/staff',
      clientId: 'o-id',
      clientSecret: 'o-secret',
      name: 'Single sign-on',
    });
    expect(
      load({
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
        OIDC_NAME: 'Acme SSO',
      }).oauth.oidc?.name,
    ).toBe('Acme SSO');
  });

  it('stops on a half-configured provider, naming the variable that is missing', () => {
    expect(() => load({ GOOGLE_CLIENT_ID: 'g-id' })).toThrow(/GOOGLE_CLIENT_SECRET is not/);
    expect(() => load({ GOOGLE_CLIENT_SECRET: 's' })).toThrow(/GOOGLE_CLIENT_ID is not/);
    expect(() => load({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'o' })).toThrow(
      /OIDC_CLIENT_SECRET is not/,
    );
    expect(() => load({ OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 's' })).toThrow(/OIDC_ISSUER is not/);
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() =>
      load({ OIDC_ISSUER: 'javascript:alert(1)', OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 's' }),
    ).toThrow(/OIDC_ISSUER/);
  });
});
