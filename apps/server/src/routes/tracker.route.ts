import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CROSS_ORIGIN_RESOURCE } from '../plugins/security-headers.plugin';

export interface TrackerRouteOptions {
  trackerDist: string | null;
  scriptPath: string;
  collectPath: string;
}

const ConfigQuery = z.object({ site: z.string().min(1).max(64) });

/** The tracker script and its public, cacheable configuration. */
export const trackerRoute: FastifyPluginAsync<TrackerRouteOptions> = async (
  app,
  { trackerDist, scriptPath, collectPath },
) => {
  const file = trackerDist ? join(trackerDist, 't.js') : null;
  const script =
    file && existsSync(file) ? readFileSync(file, 'utf8').replace('__OCX_COLLECT_PATH__', collectPath) : null;
  if (!script) app.log.warn({ file }, 'tracker not built: the tracking script is not served');
  const etag = script ? `"${createHash('sha256').update(script).digest('hex').slice(0, 16)}"` : '';

  app.get(scriptPath, async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    if (!script) return reply.code(503).type('application/javascript').send('/* OCX tracker is not built */');
    reply.header('cache-control', 'public, max-age=3600').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/javascript; charset=utf-8').send(script);
  });

  app.get(`${collectPath}/config`, async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    const query = ConfigQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'site is required' });
    const website = await app.services.directory.get(query.data.site);
    if (!website) return reply.code(404).send({ error: 'Unknown website' });
    return reply.header('cache-control', 'public, max-age=300').send(website.tracker);
  });
};
