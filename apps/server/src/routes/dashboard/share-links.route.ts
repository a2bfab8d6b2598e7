import { NewShareLink, ShareLinkParams, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** A website's read-only dashboard links (Website Config): create, list, revoke. */
export const shareLinksRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/websites/:id/shares', { schema: { params: WebsiteParams } }, async (req) =>
    app.services.shareLinks.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/shares',
    { schema: { params: WebsiteParams, body: NewShareLink } },
    async (req, reply) => {
      const created = await app.services.shareLinks.create(currentUser(req), req.params.id, req.body); // the link, shown once
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/websites/:id/shares/:shareId',
    { schema: { params: ShareLinkParams } },
    async (req, reply) => {
      await app.services.shareLinks.revoke(currentUser(req), req.params.id, req.params.shareId);
      return reply.code(204).send();
    },
  );
};
