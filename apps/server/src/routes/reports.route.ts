import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logRange } from '../services/log.service';
import { currentUser } from './current-user';

const ReportQuery = z.object({
  websiteId: z.string({ error: 'websiteId is required' }).min(1).max(64),
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
});

/** DESIGN §10 attribution report: all eight models side by side. */
export const reportsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/attribution', { schema: { querystring: ReportQuery } }, async (req, reply) => {
    const { from, to } = logRange(req.query);
    if (Number.isNaN(from) || Number.isNaN(to))
      return reply.code(400).send({ error: 'startDate and endDate must be ISO dates' });
    return app.services.reports.attribution(currentUser(req), req.query.websiteId, from, to);
  });
};
