import { ApiTokenParams, NewApiToken } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeToTokens } from '../../plugins/bearer-token';
import { currentUser } from '../current-user';

/**
 * The signed-in user's personal access tokens (profile page). Under /api/account, so only a
 * browser session reaches them (one at aal2 once a second factor is verified), never a token.
 */
export const apiTokensRoute: FastifyPluginAsyncZod = async (app) => {
  closeToTokens(app);
  app.get('/api/account/tokens', async (req) => app.services.apiTokens.list(currentUser(req)));

  // When and why OCX last revoked all of them (a password reset, a second factor enrolled or removed).
  app.get('/api/account/tokens/revocation', async (req) => ({
    revocation: await app.services.apiTokens.lastRevocation(currentUser(req)),
  }));

  app.post('/api/account/tokens', { schema: { body: NewApiToken } }, async (req, reply) => {
    const created = await app.services.apiTokens.create(currentUser(req), req.body); // the token, shown once
    return reply.code(201).send(created);
  });

  app.delete('/api/account/tokens/:id', { schema: { params: ApiTokenParams } }, async (req, reply) => {
    await app.services.apiTokens.revoke(currentUser(req), req.params.id); // NotFound: not one of theirs
    return reply.code(204).send();
  });
};
