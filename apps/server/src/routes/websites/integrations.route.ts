import { ApiKeyParams, NewApiKey, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** Website API keys, the postback delivery log and the attribution recompute status. */
export const integrationsRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, postbacks, attribution } = app.services;

  app.get('/api/websites/:id/api-keys', { schema: { params: WebsiteParams } }, async (req) =>
    apiKeys.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/api-keys',
    { schema: { params: WebsiteParams, body: NewApiKey.optional() } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await apiKeys.create(currentUser(req), req.params.id, req.body?.name ?? 'API key')),
  );

  app.delete(
    '/api/websites/:id/api-keys/:keyId',
    { schema: { params: ApiKeyParams } },
    async (req, reply) => {
      await apiKeys.revoke(currentUser(req), req.params.id, req.params.keyId);
      return reply.code(204).send();
    },
  );

  app.get('/api/websites/:id/postbacks', { schema: { params: WebsiteParams } }, async (req) =>
    postbacks.list(currentUser(req), req.params.id),
  );

  app.get('/api/websites/:id/attribution-status', { schema: { params: WebsiteParams } }, async (req) =>
    attribution.status(currentUser(req), req.params.id),
  );
};
