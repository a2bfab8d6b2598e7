import type { SignInProvider } from '@ocx/contracts';
import type { AppConfig } from '../../config/app-config';

/** The OAuth/OIDC providers the environment configures: one button each on the login page. */
export function oauthProviders(config: Pick<AppConfig, 'oauth'>): SignInProvider[] {
  const { google, oidc } = config.oauth;
  return [
    ...(google ? [{ id: 'google', name: 'Google' }] : []),
    ...(oidc ? [{ id: 'oidc', name: oidc.name }] : []),
  ];
}

/** Every way to sign in this server offers (Auth Debug): email and password, then the configured providers. */
export function configuredProviders(config: Pick<AppConfig, 'oauth'>): SignInProvider[] {
  return [{ id: 'credential', name: 'Email and password' }, ...oauthProviders(config)];
}
