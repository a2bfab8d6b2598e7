import { genericOAuth } from 'better-auth/plugins';
import type { OAuthConfig } from '../config/oauth-config';

/** better-auth's provider id of the generic OIDC provider (callback /api/auth/callback/oidc). */
const OIDC_PROVIDER_ID = 'oidc';

/** Google through better-auth's built-in provider; absent when GOOGLE_* are not set. */
export function socialProviders(oauth: OAuthConfig) {
  return oauth.google
    ? { google: { clientId: oauth.google.clientId, clientSecret: oauth.google.clientSecret } }
    : {};
}

/**
 * The generic OIDC provider (better-auth's genericOAuth plugin, which registers it as a social
 * provider): endpoints and keys from the issuer's discovery document, PKCE, and ID tokens verified
 * against the issuer's keys (no discovery, no provider: the plugin retries on the next sign-in).
 */
export function oidcPlugins(oauth: OAuthConfig) {
  if (!oauth.oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oauth.oidc.name,
          discoveryUrl: `${oauth.oidc.issuer}/.well-known/openid-configuration`,
          clientId: oauth.oidc.clientId,
          clientSecret: oauth.oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // OIDC's default client authentication, which every provider must accept.
          authentication: 'basic',
          requireIdTokenVerification: true,
        },
      ],
    }),
  ];
}

/**
 * No provider is trusted by name: signing in links to an existing account only when the provider
 * says the email is verified and the account's own address is verified too (better-auth's
 * requireLocalEmailVerified, on by default), so nobody takes over an account by claiming its
 * address. Linking from the profile needs the same address; the last sign-in method stays.
 */
export const accountLinking = {
  enabled: true,
  trustedProviders: [] as string[],
  allowDifferentEmails: false,
  allowUnlinkingAll: false,
};
