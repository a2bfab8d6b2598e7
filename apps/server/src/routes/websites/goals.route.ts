import { GoalParams, NewGoal, WebsiteParams } from '@ocx/contracts';
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

  app.delete('/api/websites/:id/goals/:goalId', { schema: { params: GoalParams } }, async (req, reply) => {
    await goals.remove(currentUser(req), req.params.id, req.params.goalId);
    return reply.code(204).send();
  });
};
