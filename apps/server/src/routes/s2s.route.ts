import { S2SConversion } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/v1/conversions: server-to-server conversions, authorised by a website API key. */
export const s2sRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, conversions } = app.services;

  // The key is checked before the body: without one, nothing is learnt about what a valid body is.
  app.post('/api/v1/conversions', async (req, reply) => {
    const key = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const websiteId = key ? await apiKeys.authenticate(key) : null;
    if (!websiteId) return reply.code(401).send({ error: 'Invalid API key' });
    const body = S2SConversion.safeParse(req.body);
    if (!body.success)
      return reply.code(400).send({ error: body.error.issues[0]?.message ?? 'Invalid body' });
    const { conversion, created } = await conversions.record(websiteId, body.data);
    return reply.code(created ? 201 : 200).send(conversion);
  });
};
