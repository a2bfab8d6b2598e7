import {
  CampaignTemplatePatch,
  NewCampaignTemplate,
  TemplateParams,
  TemplateQuery,
  WebsiteParams,
} from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const templatesRoute: FastifyPluginAsyncZod = async (app) => {
  const { templates } = app.services;

  app.get(
    '/api/websites/:id/templates',
    { schema: { params: WebsiteParams, querystring: TemplateQuery } },
    async (req) => templates.list(currentUser(req), req.params.id, req.query),
  );

  app.post(
    '/api/websites/:id/templates',
    { schema: { params: WebsiteParams, body: NewCampaignTemplate } },
    async (req, reply) =>
      reply.code(201).send(await templates.create(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/api/websites/:id/templates/:templateId',
    { schema: { params: TemplateParams, body: CampaignTemplatePatch } },
    async (req) => templates.update(currentUser(req), req.params.id, req.params.templateId, req.body),
  );

  app.delete(
    '/api/websites/:id/templates/:templateId',
    { schema: { params: TemplateParams } },
    async (req, reply) => {
      await templates.remove(currentUser(req), req.params.id, req.params.templateId);
      return reply.code(204).send();
    },
  );
};
