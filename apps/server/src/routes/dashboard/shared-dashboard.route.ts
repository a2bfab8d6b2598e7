import {
  filtersOf,
  SharedBreakdownQuery,
  SharedDashboardQuery,
  ShareTokenParams,
  ShareUnlock,
} from '@ocx/contracts';
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
      const dashboard = await app.services.shareLinks.dashboard(
        req.params.token,
        accessOf(req.headers),
        req.query.range,
        filtersOf(req.query),
      );
      // A shared answer is never kept by a proxy or the browser's cache for someone else.
      return reply.header('cache-control', 'private, no-store').send(dashboard);
    },
  );

  app.get(
    '/api/share/:token/breakdown',
    { schema: { params: ShareTokenParams, querystring: SharedBreakdownQuery } },
    async (req, reply) => {
      const { range, dimension, limit, offset } = req.query;
      const breakdown = await app.services.shareLinks.breakdown(req.params.token, accessOf(req.headers), {
        range,
        dimension,
        filters: filtersOf(req.query),
        limit,
        offset,
      });
      return reply.header('cache-control', 'private, no-store').send(breakdown);
    },
  );
};

function accessOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const access = headers[ACCESS_HEADER];
  return typeof access === 'string' ? access : undefined;
}
