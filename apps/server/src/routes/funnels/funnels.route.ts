import {
  FunnelAnalyticsQuery,
  FunnelCompareQuery,
  FunnelListQuery,
  FunnelParams,
  FunnelUpdate,
  NewFunnel,
} from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** Spec §7 funnel calls; the website comes as website_id (websiteId is accepted too). */
export const funnelsRoute: FastifyPluginAsyncZod = async (app) => {
  const { funnels } = app.services;

  app.get('/api/funnels', { schema: { querystring: FunnelListQuery } }, async (req) =>
    funnels.list(currentUser(req), req.query.website_id ?? req.query.websiteId),
  );

  app.post('/api/funnels', { schema: { body: NewFunnel } }, async (req, reply) =>
    reply.code(201).send(await funnels.create(currentUser(req), req.body)),
  );

  // Registered before /api/funnels/analytics/:id; Fastify prefers the static segment anyway.
  app.get('/api/funnels/analytics/compare', { schema: { querystring: FunnelCompareQuery } }, async (req) =>
    funnels.compare(currentUser(req), req.query.funnelId, req.query.currentPeriod, req.query.previousPeriod),
  );

  app.get(
    '/api/funnels/analytics/:id',
    { schema: { params: FunnelParams, querystring: FunnelAnalyticsQuery } },
    async (req) => funnels.analytics(currentUser(req), req.params.id, req.query.timeRange),
  );

  app.get('/api/funnels/:id', { schema: { params: FunnelParams } }, async (req) =>
    funnels.get(currentUser(req), req.params.id),
  );

  app.put('/api/funnels/:id', { schema: { params: FunnelParams, body: FunnelUpdate } }, async (req) =>
    funnels.update(currentUser(req), req.params.id, req.body),
  );

  app.delete('/api/funnels/:id', { schema: { params: FunnelParams } }, async (req, reply) => {
    await funnels.remove(currentUser(req), req.params.id);
    return reply.code(204).send();
  });
};
