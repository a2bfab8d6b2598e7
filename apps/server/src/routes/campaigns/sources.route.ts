import { NewTrafficSource, SourceParams, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const sourcesRoute: FastifyPluginAsyncZod = async (app) => {
  const { sources } = app.services;

  app.get('/api/websites/:id/sources', { schema: { params: WebsiteParams } }, async (req) =>
    sources.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/sources',
    { schema: { params: WebsiteParams, body: NewTrafficSource } },
    async (req, reply) =>
      reply.code(201).send(await sources.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/api/websites/:id/sources/:sourceId',
    { schema: { params: SourceParams, body: NewTrafficSource } },
    async (req) => sources.update(currentUser(req), req.params.id, req.params.sourceId, req.body),
  );

  app.delete(
    '/api/websites/:id/sources/:sourceId',
    { schema: { params: SourceParams } },
    async (req, reply) => {
      await sources.remove(currentUser(req), req.params.id, req.params.sourceId);
      return reply.code(204).send();
    },
  );
};
