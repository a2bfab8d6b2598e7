import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { encodedVariants, preferredEncoding } from '../../plugins/content-encoding';
import { CROSS_ORIGIN_RESOURCE } from '../../plugins/security-headers.plugin';

interface TrackerRouteOptions {
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
  serveScript(app, join(trackerDist ?? '', 't.js'), scriptPath, trackerDist !== null, collectPath);
  // The extras (click selectors, cross-domain links): the tracker loads them from beside its collect endpoint.
  serveScript(app, join(trackerDist ?? '', 'x.js'), `${collectPath}/x.js`, trackerDist !== null);

  // Small, and fetched by every tracked page: not worth compressing on each request.
  app.get(`${collectPath}/config`, { compress: false }, async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    const query = ConfigQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'site is required' });
    const website = await app.services.ingest.trackerConfig(query.data.site);
    if (!website) return reply.code(404).send({ error: 'Unknown website' });
    // Global Privacy Control (and Do-Not-Track when the website asks) refuses ids on the device: the browser
    // sends the signal with this request, so the answer varies by it and caches stay right.
    const refused = req.headers['sec-gpc'] === '1' || (website.respectDnt && req.headers.dnt === '1');
    return reply
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Sec-GPC, DNT')
      .send(refused ? { ...website.tracker, cn: 0 } : website.tracker);
  });
};

/** Serves a built script at `path`, compressed once, with a weak ETag (the br, gzip and plain bodies are the same script). */
function serveScript(
  app: FastifyInstance,
  file: string,
  path: string,
  built: boolean,
  collectPath?: string,
): void {
  const text = built && existsSync(file) ? readFileSync(file, 'utf8') : null;
  const script = text && collectPath ? text.replace('__OCX_COLLECT_PATH__', collectPath) : text;
  if (!script) app.log.warn({ file }, 'tracker not built: the tracking script is not served');
  const variants = script ? encodedVariants(script) : null;
  const etag = script ? `W/"${createHash('sha256').update(script).digest('hex').slice(0, 16)}"` : '';

  app.get(path, { compress: false }, async (req, reply) => {
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
}
