import { GoalParams, GoalPatch, NewGoal, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const goalsRoute: FastifyPluginAsyncZod = async (app) => {
  const { goals } = app.services;

  app.get('/api/websites/:id/goals', { schema: { params: WebsiteParams } }, async (req) =>
    goals.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/goals',
    { schema: { params: WebsiteParams, body: NewGoal } },
    async (req, reply) => reply.code(201).send(await goals.create(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/api/websites/:id/goals/:goalId',
    { schema: { params: GoalParams, body: GoalPatch } },
    async (req) => goals.update(currentUser(req), req.params.id, req.params.goalId, req.body),
  );

  app.get('/api/websites/:id/goal-overlaps', { schema: { params: WebsiteParams } }, async (req) =>
    goals.overlaps(currentUser(req), req.params.id),
  );

  app.delete('/api/websites/:id/goals/:goalId', { schema: { params: GoalParams } }, async (req, reply) => {
    await goals.remove(currentUser(req), req.params.id, req.params.goalId);
    return reply.code(204).send();
  });
};
