import { WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personalAccessToken } from '../../plugins/bearer-token';
import { requireSameOrigin } from '../../plugins/same-origin.hook';
import { currentUser } from '../current-user';

const Id = z.string().min(1).max(200);
const VisitorParams = WebsiteParams.extend({ visitorId: Id });
const LookupQuery = z.object({ visitorId: Id.optional(), userId: Id.optional(), orderId: Id.optional() });
/** What found the visitor (Website Config → Privacy says it), kept in the erasure log. */
const EraseQuery = z.object({ foundBy: z.enum(['visitorId', 'userId', 'orderId']).default('visitorId') });

/** Website Config → Privacy: find a visitor, export what is stored about them, the erasure log. */
export const visitorsRoute: FastifyPluginAsyncZod = async (app) => {
  const { visitorRights } = app.services;

  app.get(
    '/api/websites/:id/visitors',
    { schema: { params: WebsiteParams, querystring: LookupQuery } },
    async (req) => visitorRights.find(currentUser(req), req.params.id, req.query),
  );

  app.get(
    '/api/websites/:id/visitors/:visitorId/export',
    { schema: { params: VisitorParams } },
    async (req, reply) =>
      reply
        .header(
          'content-disposition',
          `attachment; filename="visitor-${req.params.visitorId.replace(/[^\w.-]/g, '_')}.json"`,
        )
        .send(await visitorRights.export(currentUser(req), req.params.id, req.params.visitorId)),
  );

  app.get('/api/websites/:id/visitor-erasures', { schema: { params: WebsiteParams } }, async (req) =>
    visitorRights.erasures(currentUser(req), req.params.id),
  );
};

/**
 * DELETE /api/websites/{id}/visitors/{visitorId}: a signed-in member with write access (same
 * origin), or a script with the website's API key (`Authorization: Bearer <key>`).
 */
export const visitorErasureRoute: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const sameOrigin = requireSameOrigin(publicUrl);
  const { apiKeys, visitorRights } = app.services;
  app.delete(
    '/api/websites/:id/visitors/:visitorId',
    { schema: { params: VisitorParams, querystring: EraseQuery } },
    async (req, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      if (bearer && !personalAccessToken(req)) {
        const websiteId = await apiKeys.authenticate(bearer);
        if (!websiteId) return reply.code(401).send({ error: 'Invalid API key' });
        const deleted = await visitorRights.erase(
          { apiKeyWebsiteId: websiteId },
          req.params.id,
          req.params.visitorId,
          req.query.foundBy,
        );
        return { deleted };
      }
      // Like every signed-in route: a cross-site request is refused before the session is read.
      await sameOrigin(req);
      await app.requireUser(req);
      const deleted = await visitorRights.erase(
        { user: currentUser(req) },
        req.params.id,
        req.params.visitorId,
        req.query.foundBy,
      );
      return { deleted };
    },
  );
};
