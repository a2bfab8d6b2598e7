import { SharedDashboardQuery, ShareTokenParams, ShareUnlock } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The proof of a link's password the shared dashboard page sends back (share-link.service.ts). */
const ACCESS_HEADER = 'x-share-access';

/**
 * Open to anyone with a shared link (no account): whose dashboard it is, the password check, and
 * the dashboard itself, read-only. Unknown or revoked links answer 404.
 */
export const sharedDashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/share/:token', { schema: { params: ShareTokenParams } }, async (req) =>
    app.services.shareLinks.describe(req.params.token),
  );

  app.post(
    '/api/share/:token/unlock',
    { schema: { params: ShareTokenParams, body: ShareUnlock } },
    async (req) => app.services.shareLinks.unlock(req.params.token, req.body.password, req.ip),
  );

  app.get(
    '/api/share/:token/dashboard',
    { schema: { params: ShareTokenParams, querystring: SharedDashboardQuery } },
    async (req, reply) => {
      const access = req.headers[ACCESS_HEADER];
      const dashboard = await app.services.shareLinks.dashboard(
        req.params.token,
        typeof access === 'string' ? access : undefined,
        req.query.range,
      );
      // A shared answer is never kept by a proxy or the browser's cache for someone else.
      return reply.header('cache-control', 'private, no-store').send(dashboard);
    },
  );
};
