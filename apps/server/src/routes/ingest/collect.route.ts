import { randomUUID } from 'node:crypto';
import { CollectBody, MAX_COLLECT_BODY_BYTES } from '@ocx/contracts';
import { rateLimitKey } from '@ocx/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CROSS_ORIGIN_RESOURCE } from '../../plugins/security-headers.plugin';
import type { RequestMeta } from '../../services/ingest/ingest.service';
import { retryAfterSeconds } from '../../services/platform/rate-limits';

interface CollectRouteOptions {
  collectPath: string;
  rateLimitPerMinute: number;
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const PixelQuery = z.object({
  site: z.string().min(1).max(64),
  url: z.string().max(2048).optional(),
  ref: z.string().max(2048).optional(),
});

const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  receivedAt: Date.now(),
});

/**
 * A beacon is not worth two request log lines: at a few thousand a second they were most of what a
 * default (info) server wrote and a share of its CPU. Failures still log (warn and up), and the
 * refusals are counted on the Event Test and Database Debug screens.
 */
const BEACON_LOG_LEVEL = 'warn';

/** POST (and GET pixel) {collectPath}: open to every origin, rate limited per client address. */
export const collectRoute: FastifyPluginAsync<CollectRouteOptions> = async (
  app,
  { collectPath, rateLimitPerMinute },
) => {
  const { ingest, limits } = app.services;
  const limiter = limits.fixed('collect', rateLimitPerMinute);

  // The tracker sends text/plain so browsers skip the CORS preflight; the body is JSON all the same.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }));
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('access-control-allow-origin', '*').header(...CROSS_ORIGIN_RESOURCE);
    if (req.method === 'OPTIONS') return;
    if (!(await limiter.allow(rateLimitKey(req.ip)))) {
      ingest.metrics.counts.rateLimited += 1;
      return reply.code(429).header('retry-after', retryAfterSeconds()).send({ error: 'Too many requests' });
    }
  });

  // Preflights happen only when something (a proxy, an extension) adds headers; nothing private is
  // behind these paths and no credentials are accepted, so any requested header may come.
  for (const path of [collectPath, `${collectPath}/config`]) {
    app.options(path, { logLevel: BEACON_LOG_LEVEL }, async (req, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST, GET, OPTIONS')
        .header(
          'access-control-allow-headers',
          String(req.headers['access-control-request-headers'] ?? 'content-type'),
        )
        .header('access-control-max-age', '86400')
        .send(),
    );
  }

  // Never compressed: the answers are tiny and the endpoint is the hottest one (compression.plugin).
  app.post(
    collectPath,
    { bodyLimit: MAX_COLLECT_BODY_BYTES, compress: false, logLevel: BEACON_LOG_LEVEL },
    async (req, reply) => {
      const body = CollectBody.safeParse(req.body);
      if (!body.success) {
        const issue = body.error.issues[0];
        return reply
          .code(400)
          .send({ error: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid body' });
      }
      return reply.code(202).send(await ingest.collect(body.data.site, body.data.events, meta(req)));
    },
  );

  app.get(collectPath, { compress: false, logLevel: BEACON_LOG_LEVEL }, async (req, reply) => {
    const query = PixelQuery.safeParse(req.query);
    const referer = typeof req.headers.referer === 'string' ? req.headers.referer : undefined;
    const url = query.success ? (query.data.url ?? referer) : undefined;
    if (query.success && url) {
      await ingest.collect(query.data.site, [pixelEvent(url, query.data.ref)], meta(req));
    }
    return sendPixel(reply);
  });
};

/** Without JavaScript there is no cookie: the pipeline gives the hit today's hash visitor. */
function pixelEvent(url: string, referrer: string | undefined) {
  return {
    type: 'pageview',
    url,
    ...(referrer ? { referrer } : {}),
    eventId: randomUUID().replace(/-/g, ''),
  };
}

function sendPixel(reply: FastifyReply) {
  return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
}
