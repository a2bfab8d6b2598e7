import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../current-user';

const ReportQuery = z.object({
  websiteId: z.string({ error: 'websiteId is required' }).min(1).max(64),
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
});

/** docs/decisions.md#fixed-interfaces attribution report: all eight models side by side. */
export const reportsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/attribution', { schema: { querystring: ReportQuery } }, async (req, reply) => {
    const { websiteId, startDate, endDate } = req.query;
    return reply.send(
      await app.services.reports.attribution(currentUser(req), websiteId, { startDate, endDate }),
    );
  });
};
