import { SignInTest } from '@ocx/contracts';
import { rateLimitKey } from '@ocx/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeToTokens } from '../../plugins/bearer-token';
import { currentUser } from '../current-user';

/** The debug screens' data (spec §2): signed-in only, each answer about the user's own data. */
export const debugRoute: FastifyPluginAsyncZod = async (app) => {
  closeToTokens(app);
  app.get('/api/debug/database', async (req) => app.services.databaseDebug.report(currentUser(req)));
  app.get('/api/debug/auth', async (req) => app.services.authDebug.report(currentUser(req)));
  app.post('/api/debug/auth/sign-in-test', { schema: { body: SignInTest } }, async (req) =>
    app.services.authDebug.testSignIn(currentUser(req), req.body, rateLimitKey(req.ip)),
  );
};
