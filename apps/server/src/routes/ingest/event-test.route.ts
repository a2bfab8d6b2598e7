import { WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../current-user';

const RecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * Event Test: run a test event through the visitors' pipeline (told why at once when it would be
 * dropped; kept apart, counting nowhere, when not), and read the website's latest events.
 */
export const eventTestRoute: FastifyPluginAsyncZod = async (app) => {
  const { eventTest } = app.services;

  app.post('/api/websites/:id/test-event', { schema: { params: WebsiteParams } }, async (req, reply) => {
    const result = await eventTest.send(currentUser(req), req.params.id, {
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
      receivedAt: Date.now(),
    });
    return reply.code(200).send(result);
  });

  app.get(
    '/api/websites/:id/events',
    { schema: { params: WebsiteParams, querystring: RecentQuery } },
    async (req) => eventTest.recent(currentUser(req), req.params.id, req.query.limit),
  );
};
