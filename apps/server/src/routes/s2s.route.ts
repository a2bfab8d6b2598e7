import { S2SConversion } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/v1/conversions: server-to-server conversions, authorised by a website API key. */
export const s2sRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, conversions } = app.services;

  app.post('/api/v1/conversions', { schema: { body: S2SConversion } }, async (req, reply) => {
    const key = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const websiteId = key ? await apiKeys.authenticate(key) : null;
    if (!websiteId) return reply.code(401).send({ error: 'Invalid API key' });
    const { conversion, created } = await conversions.record(websiteId, req.body);
    return reply.code(created ? 201 : 200).send(conversion);
  });
};
