import { S2SConversion } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyedWebsite, requireWebsiteKey } from '../../plugins/website-key.hook';

/** POST /api/v1/conversions: server-to-server conversions, authorised by a website API key. */
export const s2sRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, conversions } = app.services;

  // The key is checked before the body is read (onRequest): without one, a body of any size costs
  // nothing and nothing is learnt about what a valid body is.
  app.post('/api/v1/conversions', { onRequest: requireWebsiteKey(apiKeys) }, async (req, reply) => {
    const body = S2SConversion.safeParse(req.body);
    if (!body.success)
      return reply.code(400).send({ error: body.error.issues[0]?.message ?? 'Invalid body' });
    const { conversion, created } = await conversions.record(keyedWebsite(req), body.data);
    return reply.code(created ? 201 : 200).send(conversion);
  });
};
