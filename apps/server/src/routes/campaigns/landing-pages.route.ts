import { LandingPageParams, NewLandingPage, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const landingPagesRoute: FastifyPluginAsyncZod = async (app) => {
  const { landingPages } = app.services;

  app.get('/api/websites/:id/landing-pages', { schema: { params: WebsiteParams } }, async (req) =>
    landingPages.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/landing-pages',
    { schema: { params: WebsiteParams, body: NewLandingPage } },
    async (req, reply) =>
      reply.code(201).send(await landingPages.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/api/websites/:id/landing-pages/:landingPageId',
    { schema: { params: LandingPageParams, body: NewLandingPage } },
    async (req) => landingPages.update(currentUser(req), req.params.id, req.params.landingPageId, req.body),
  );

  app.get(
    '/api/websites/:id/landing-pages/:landingPageId/stats',
    { schema: { params: LandingPageParams } },
    async (req) => landingPages.stats(currentUser(req), req.params.id, req.params.landingPageId),
  );

  app.delete(
    '/api/websites/:id/landing-pages/:landingPageId',
    { schema: { params: LandingPageParams } },
    async (req, reply) => {
      await landingPages.remove(currentUser(req), req.params.id, req.params.landingPageId);
      return reply.code(204).send();
    },
  );
};
