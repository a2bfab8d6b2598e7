import { BreakdownQuery, filtersOf } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** docs/definitions.md#breakdowns-and-filters: GET /api/analytics/breakdown?websiteId=…&range=…&dimension=… (+ filters, limit, offset). */
export const breakdownRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/analytics/breakdown', { schema: { querystring: BreakdownQuery } }, async (req) => {
    const { websiteId, range, dimension, limit, offset } = req.query;
    return app.services.breakdowns.get(currentUser(req), websiteId, {
      range,
      dimension,
      filters: filtersOf(req.query),
      limit,
      offset,
    });
  });
};
