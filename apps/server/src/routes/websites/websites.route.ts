import { NewWebsite, WebsiteParams, WebsitePatch } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const websitesRoute: FastifyPluginAsyncZod = async (app) => {
  const { websites } = app.services;

  app.get('/api/websites', async (req) => websites.list(currentUser(req)));

  app.post('/api/websites', { schema: { body: NewWebsite } }, async (req, reply) =>
    reply.code(201).send(await websites.create(currentUser(req), req.body)),
  );

  app.get('/api/websites/:id', { schema: { params: WebsiteParams } }, async (req) =>
    websites.get(currentUser(req), req.params.id),
  );

  app.patch('/api/websites/:id', { schema: { params: WebsiteParams, body: WebsitePatch } }, async (req) =>
    websites.update(currentUser(req), req.params.id, req.body),
  );

  app.delete('/api/websites/:id', { schema: { params: WebsiteParams } }, async (req, reply) => {
    await websites.remove(currentUser(req), req.params.id);
    return reply.code(204).send();
  });
};
