import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { encodedVariants, preferredEncoding } from '../plugins/content-encoding';
import { CROSS_ORIGIN_RESOURCE } from '../plugins/security-headers.plugin';

export interface TrackerRouteOptions {
  trackerDist: string | null;
  scriptPath: string;
  collectPath: string;
}

export const ConfigQuery = z.object({ site: z.string().min(1).max(64) });

/** The tracker script and its public, cacheable configuration. */
export const trackerRoute: FastifyPluginAsync<TrackerRouteOptions> = async (
  app,
  { trackerDist, scriptPath, collectPath },
) => {
  const file = trackerDist ? join(trackerDist, 't.js') : null;
  const script =
    file && existsSync(file) ? readFileSync(file, 'utf8').replace('__OCX_COLLECT_PATH__', collectPath) : null;
  if (!script) app.log.warn({ file }, 'tracker not built: the tracking script is not served');
  // Compressed once here, not per request. The ETag is weak: the br, gzip and plain bodies differ
  // in bytes but are the same script, so any of them revalidates the others.
  const variants = script ? encodedVariants(script) : null;
  const etag = script ? `W/"${createHash('sha256').update(script).digest('hex').slice(0, 16)}"` : '';

  app.get(scriptPath, { compress: false }, async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    if (!variants)
      return reply.code(503).type('application/javascript').send('/* OCX tracker is not built */');
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/javascript; charset=utf-8').send(variants[encoding]);
  });

  // Small, and fetched by every tracked page: not worth compressing on each request.
  app.get(`${collectPath}/config`, { compress: false }, async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    const query = ConfigQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'site is required' });
    const website = await app.services.directory.get(query.data.site);
    if (!website) return reply.code(404).send({ error: 'Unknown website' });
    return reply.header('cache-control', 'public, max-age=300').send(website.tracker);
  });
};
