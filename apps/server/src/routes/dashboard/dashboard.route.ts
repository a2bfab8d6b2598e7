import { DashboardQuery, filtersOf, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** docs/definitions.md#dashboard-figures: GET /api/analytics/dashboard?websiteId=…&range=1d|7d|30d|all (+ the breakdown filters). */
export const dashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/analytics/dashboard', { schema: { querystring: DashboardQuery } }, async (req) =>
    app.services.dashboard.get(currentUser(req), req.query.websiteId, req.query.range, filtersOf(req.query)),
  );
  app.get('/api/analytics/dashboard/previous', { schema: { querystring: DashboardQuery } }, async (req) => ({
    previous: await app.services.dashboard.previous(
      currentUser(req),
      req.query.websiteId,
      req.query.range,
      filtersOf(req.query),
    ),
  }));
  app.get('/api/websites/:id/rollups', { schema: { params: WebsiteParams } }, async (req) =>
    app.services.dashboard.rollupStatus(currentUser(req), req.params.id),
  );
};
