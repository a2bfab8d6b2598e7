import type { AppConfig } from '../../config/app-config';

export interface SignInProvider {
  id: string;
  name: string;
}

/**
 * The ways to sign in this server offers (Auth Debug, the login page). Email and password only:
 * OAuth/OIDC providers (Google, a generic OIDC issuer) are not built yet; they will add themselves
 * here from their environment variables.
 */
export function configuredProviders(_config: AppConfig): SignInProvider[] {
  return [{ id: 'credential', name: 'Email and password' }];
}
