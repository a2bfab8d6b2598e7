import { NetworkParams, NewNetwork, WebsiteParams } from '@ocx/contracts';
import { adPlatformCatalogue } from '@ocx/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const networksRoute: FastifyPluginAsyncZod = async (app) => {
  const { networks } = app.services;

  /** The ad platform catalogue the tracking pipeline checks click ids against (spec §5). */
  app.get('/api/ad-platforms', async () => adPlatformCatalogue());

  app.get('/api/websites/:id/networks', { schema: { params: WebsiteParams } }, async (req) =>
    networks.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/networks',
    { schema: { params: WebsiteParams, body: NewNetwork } },
    async (req, reply) =>
      reply.code(201).send(await networks.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/api/websites/:id/networks/:networkId',
    { schema: { params: NetworkParams, body: NewNetwork } },
    async (req) => networks.update(currentUser(req), req.params.id, req.params.networkId, req.body),
  );

  app.delete(
    '/api/websites/:id/networks/:networkId',
    { schema: { params: NetworkParams } },
    async (req, reply) => {
      await networks.remove(currentUser(req), req.params.id, req.params.networkId);
      return reply.code(204).send();
    },
  );
};
