import { ApiCosts, CampaignParams, CostImport, ManualCost, WebsiteParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyedWebsite, requireWebsiteKey } from '../../plugins/website-key.hook';
import { currentUser } from '../current-user';

/** A report of a year of daily campaigns is a few MB; the JSON body carries it as one string. */
const REPORT_BODY_LIMIT = 6 * 1024 * 1024;

/** Ad spend per campaign per day (docs/definitions.md#ad-spend): manual entry and CSV reports. */
export const costsRoute: FastifyPluginAsyncZod = async (app) => {
  const { costs } = app.services;

  app.get(
    '/api/websites/:id/campaigns/:campaignId/costs',
    { schema: { params: CampaignParams } },
    async (req) => costs.list(currentUser(req), req.params.id, req.params.campaignId),
  );

  app.post(
    '/api/websites/:id/campaigns/:campaignId/costs',
    { schema: { params: CampaignParams, body: ManualCost } },
    async (req) => costs.manual(currentUser(req), req.params.id, req.params.campaignId, req.body),
  );

  app.post(
    '/api/websites/:id/costs/preview',
    { schema: { params: WebsiteParams, body: CostImport }, bodyLimit: REPORT_BODY_LIMIT },
    async (req) => costs.preview(currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/api/websites/:id/costs/import',
    { schema: { params: WebsiteParams, body: CostImport }, bodyLimit: REPORT_BODY_LIMIT },
    async (req) => costs.import(currentUser(req), req.params.id, req.body),
  );
};

/** POST /api/v1/costs: spend from scripts, authorised by a website API key (only its campaigns). */
export const costsApiRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, costs } = app.services;

  // The key is checked before the body is read (onRequest), as for server-to-server conversions.
  app.post(
    '/api/v1/costs',
    { bodyLimit: REPORT_BODY_LIMIT, onRequest: requireWebsiteKey(apiKeys) },
    async (req, reply) => {
      const body = ApiCosts.safeParse(req.body);
      if (!body.success) {
        const issue = body.error.issues[0];
        const at = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return reply.code(400).send({ error: `${at}${issue?.message ?? 'Invalid body'}` });
      }
      return reply.send(await costs.fromApi(keyedWebsite(req), body.data));
    },
  );
};
