import { describe, expect, it } from 'vitest';
import { configuredProviders, oauthProviders } from './sign-in-providers';

const google = { clientId: 'g', clientSecret: 's' };
const oidc = { issuer: 'https://id.example.com', clientId: 'o', clientSecret: 's', name: 'Acme SSO' };

describe('sign-in providers', () => {
  it('offers email and password alone when no provider is configured', () => {
    expect(configuredProviders({ oauth: { google: null, oidc: null } })).toEqual([
      { id: 'credential', name: 'Email and password' },
    ]);
    expect(oauthProviders({ oauth: { google: null, oidc: null } })).toEqual([]);
  });

  it('adds Google and the OIDC provider under its configured name', () => {
    expect(configuredProviders({ oauth: { google, oidc } }).map((p) => `${p.id}:${p.name}`)).toEqual([
      'credential:Email and password',
      'google:Google',
      'oidc:Acme SSO',
    ]);
    expect(oauthProviders({ oauth: { google: null, oidc } })).toEqual([{ id: 'oidc', name: 'Acme SSO' }]);
  });
});
