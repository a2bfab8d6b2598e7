import { CampaignParams, CampaignPatch, NewCampaign, OcxidRequest, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

export const campaignsRoute: FastifyPluginAsyncZod = async (app) => {
  const { campaigns } = app.services;

  app.get('/api/websites/:id/campaigns', { schema: { params: WebsiteParams } }, async (req) =>
    campaigns.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/websites/:id/campaigns',
    { schema: { params: WebsiteParams, body: NewCampaign } },
    async (req, reply) =>
      reply.code(201).send(await campaigns.create(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/api/websites/:id/campaigns/ocxid',
    { schema: { params: WebsiteParams, body: OcxidRequest } },
    async (req) => campaigns.proposeOcxid(currentUser(req), req.params.id, req.body.name),
  );

  app.get('/api/websites/:id/campaigns/:campaignId', { schema: { params: CampaignParams } }, async (req) =>
    campaigns.get(currentUser(req), req.params.id, req.params.campaignId),
  );

  app.patch(
    '/api/websites/:id/campaigns/:campaignId',
    { schema: { params: CampaignParams, body: CampaignPatch } },
    async (req) => campaigns.update(currentUser(req), req.params.id, req.params.campaignId, req.body),
  );

  app.delete(
    '/api/websites/:id/campaigns/:campaignId',
    { schema: { params: CampaignParams } },
    async (req, reply) => {
      await campaigns.remove(currentUser(req), req.params.id, req.params.campaignId);
      return reply.code(204).send();
    },
  );
};
