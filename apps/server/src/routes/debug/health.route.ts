import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/health for load balancers (status only: 200 ok, 503 degraded) and, for the instance's
 * operators (`Authorization: Bearer <HEALTH_TOKEN>`, or signed in with a verified address listed in
 * OCX_ADMIN_EMAILS), the details: versions, the latest migration and this server's ingestion
 * counters. Anyone else, signed in or not, learns nothing about the software or the traffic.
 */
export const healthRoute: FastifyPluginAsync<{ token: string | null }> = async (app, { token }) => {
  const expected = token ? digest(token) : null;
  const mayReadDetails = async (request: FastifyRequest): Promise<boolean> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    if (expected && bearer && timingSafeEqual(digest(bearer), expected)) return true;
    if (!request.headers.cookie) return false;
    const user = await app.sessionUser(request).catch(() => null);
    return user !== null && (await app.services.operators.includes(user).catch(() => false));
  };

  app.get('/api/health', async (request, reply) => {
    const [report, detailed] = await Promise.all([app.services.health.report(), mayReadDetails(request)]);
    if (!report.healthy) request.log.error({ err: report.error }, 'health check: a database is unreachable');
    return reply
      .code(report.healthy ? 200 : 503)
      .send(detailed ? report.details : { status: report.details.status });
  });
};
