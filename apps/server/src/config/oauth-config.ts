import { ConfigError } from './config-error';
import type { Env } from './env.schema';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** The OAuth/OIDC sign-in providers the environment configures; null: no button, no endpoint. */
export interface OAuthConfig {
  google: OAuthClient | null;
  oidc: (OAuthClient & { issuer: string; name: string }) | null;
}

const DEFAULT_OIDC_NAME = 'Single sign-on';

/**
 * A provider is on when all its variables are set and off when none is; a half-configured one
 * stops the server with the name of what is missing, rather than showing a button that fails.
 */
export function oauthConfig(e: Env): OAuthConfig {
  const google = complete('Google', {
    GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
  });
  const oidc = complete('OIDC', {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  });
  return {
    google: google && { clientId: google.GOOGLE_CLIENT_ID, clientSecret: google.GOOGLE_CLIENT_SECRET },
    oidc: oidc && {
      // The discovery document lives under the issuer; a trailing slash would double it.
      issuer: oidc.OIDC_ISSUER.replace(/\/+$/, ''),
      clientId: oidc.OIDC_CLIENT_ID,
      clientSecret: oidc.OIDC_CLIENT_SECRET,
      name: e.OIDC_NAME || DEFAULT_OIDC_NAME,
    },
  };
}

function complete<K extends string>(
  provider: string,
  vars: Record<K, string | undefined>,
): Record<K, string> | null {
  const entries = Object.entries(vars) as [K, string | undefined][];
  const missing = entries.filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === entries.length) return null;
  if (missing.length > 0) {
    const set = entries.filter(([, value]) => value).map(([name]) => name);
    throw new ConfigError(
      `Invalid configuration: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not; ${provider} sign-in needs all of them (or none).`,
    );
  }
  return vars as Record<K, string>;
}
