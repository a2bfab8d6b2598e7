import { API_TOKEN_PREFIX } from '@ocx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests that only read; an API token is refused on every other method. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The personal access token of `Authorization: Bearer ocx_pat_…`, or null. Website API keys
 * (`ocx_…`, POST /api/v1/conversions) are not personal access tokens and give null here.
 */
export function personalAccessToken(request: FastifyRequest): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token?.startsWith(API_TOKEN_PREFIX) ? token : null;
}

/**
 * Marks every route the plugin registers from here on as closed to personal access tokens (the
 * account, its tokens and sessions, the debug tools): a new route there is closed without a word.
 */
export function closeToTokens(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, tokens: 'never' };
  });
}

/** The account and debug routes, by the pattern they were registered with. */
const ACCOUNT_ROUTES = /^\/api\/(account|debug)(\/|$)/;

/**
 * Whether the route a request MATCHED is closed to tokens: its marker, or its registered pattern
 * under /api/account or /api/debug. Never the raw URL: `/api/%61ccount/tokens`, `//api/…` or
 * `/api/./…` reach the same route (or none) while reading differently.
 */
export function closedToTokens(route: { url?: string | undefined; config?: { tokens?: 'never' } }): boolean {
  return route.url === undefined || route.config?.tokens === 'never' || ACCOUNT_ROUTES.test(route.url);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'never': a personal access token is refused here whatever it may read elsewhere. */
    tokens?: 'never';
  }
}
