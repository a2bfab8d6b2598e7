import type { AuthProviders } from '@ocx/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { oauthProviders } from '../../services/accounts/sign-in-providers';

/** GET /api/auth-providers: open to everyone, as the login page needs it before anyone signs in. */
export const authProvidersRoute: FastifyPluginAsync<{ config: Pick<AppConfig, 'oauth' | 'legal'> }> = async (
  app,
  { config },
) => {
  app.get(
    '/api/auth-providers',
    async (): Promise<AuthProviders> => ({ providers: oauthProviders(config), ...config.legal }),
  );
};
