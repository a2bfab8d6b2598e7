import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, worked out once. Helmet's answer depends on its options
 * only, so every request gets the same headers; @fastify/helmet built helmet's middleware again for
 * each request (parsing the CSP directives), a tenth of the HTTP thread's time under collect load.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

interface SecurityHeadersOptions {
  publicUrl: string;
  /**
   * Routes other sites call from their pages (collect, the tracker's config, the tracker script):
   * no document of OCX's runs in their answers, so they get the asset headers only (see
   * ASSET_HEADERS). Collect is the busiest route; its tiny JSON answers carried ~700 bytes of
   * document headers, each set and serialized per event (issue 24).
   */
  beaconPaths?: readonly string[];
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy the built web app runs
 * under (its own scripts only; Mantine writes inline styles), no framing by other sites, nosniff,
 * no referrer, and HSTS when OCX is served over https (PUBLIC_URL). The public tracking endpoints
 * widen Cross-Origin-Resource-Policy themselves: other sites load them.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl, beaconPaths = [] }: SecurityHeadersOptions) => {
    const https = publicUrl.startsWith('https:');
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    const assetHeaders = Object.fromEntries(
      Object.entries(headers).filter(([name]) => ASSET_HEADERS.has(name)),
    );
    const beacons = new Set(beaconPaths);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(beacons.has(request.routeOptions.url ?? '') ? assetHeaders : headers);
      done();
    });
    const documentOnly = Object.keys(headers).filter((name) => !ASSET_HEADERS.has(name));
    app.addHook('onSend', (request, reply, payload, done) => {
      // By what was sent, not by the path alone: an HTML answer keeps every header, whatever its URL.
      const type = String(reply.getHeader('content-type') ?? '');
      if (request.url.startsWith('/assets/') && !type.startsWith('text/html')) {
        for (const name of documentOnly) reply.removeHeader(name);
      }
      done(null, payload);
    });
  },
);

/**
 * What the web app's hashed scripts, styles and images keep: no document runs in them, so the
 * document headers (CSP, framing, COOP, referrer policy, …) mean nothing there and cost about 700
 * bytes on each of the forty answers of a first load. nosniff, CORP and HSTS do apply to them.
 */
const ASSET_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** For the tracker script, the collect endpoint and its pixel: other origins embed them. */
export const CROSS_ORIGIN_RESOURCE = ['cross-origin-resource-policy', 'cross-origin'] as const;
