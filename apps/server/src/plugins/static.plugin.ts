import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An address with its own page in the build (apps/web/build/screen-preload.plugin.ts): a word or two, nothing else. */
const SCREEN_PATH = /^\/[a-z]+(?:-[a-z]+)*$/;

/**
 * The session cookie better-auth sets (`better-auth.session_token`, `__Secure-` prefixed over HTTPS).
 * Only its presence matters here: whether it is valid is the API's question.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/**
 * The page for a client route: `screens/<path>.html` when the build wrote one for it (index.html plus
 * preloads of that screen's code and data), index.html otherwise. A browser without a session gets
 * index.html: the screen's data preloads would only answer 401 (in its console) beside the sign-in.
 */
function pageFor(root: string, url: string, cookie: string | undefined): string {
  const path = url.split('?', 1)[0] ?? '';
  if (!SCREEN_PATH.test(path) || !SESSION_COOKIE.test(cookie ?? '')) return 'index.html';
  const screen = `screens${path}.html`;
  return existsSync(join(root, screen)) ? screen : 'index.html';
}

/** Serves the built web app; unknown non-API GETs get index.html so client routes load directly. */
export const staticPlugin = fp(async (app: FastifyInstance, { root }: { root: string | null }) => {
  const hasApp = root !== null && existsSync(join(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // '/' is the app too (a directory without an index answers 403).
      index: 'index.html',
      // assets/*.br and *.gz written by the web build (build/precompress.plugin.ts), chosen by
      // Accept-Encoding; Vary: Accept-Encoding is set with it.
      preCompressed: true,
      setHeaders(reply, path) {
        const hashed = path.includes(`${join(root, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // A hashed asset never changes and is cached for a year without asking again: validators and
    // range support would be ~100 bytes of headers on each of a first load's ~40 answers for nothing.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.url.startsWith('/assets/') &&
        reply.getHeader('cache-control')?.toString().includes('immutable')
      ) {
        for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
      }
      done(null, payload);
    });
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing script or stylesheet is a 404, never the page: HTML served as JavaScript breaks silently.
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (root !== null && hasApp && isPage) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(pageFor(root, request.url, request.headers.cookie));
    }
    return reply.code(404).send({ error: 'Not found' });
  });
});
