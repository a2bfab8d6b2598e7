import { InstallationCheckBody, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** First run: has the website's first event arrived, and why not (a look at one of its pages). */
export const installationRoute: FastifyPluginAsyncZod = async (app) => {
  const { installation } = app.services;

  app.get('/api/websites/:id/installation', { schema: { params: WebsiteParams } }, async (req) =>
    installation.status(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/installation/check',
    { schema: { params: WebsiteParams, body: InstallationCheckBody } },
    async (req) => installation.check(currentUser(req), req.params.id, req.body.url),
  );
};
