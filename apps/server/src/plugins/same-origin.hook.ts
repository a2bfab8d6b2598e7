import { messages } from '@ocx/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors';
import { personalAccessToken, SAFE_METHODS } from './bearer-token';

/**
 * An onRequest hook for the cookie-authenticated app routes: a state-changing request must come
 * from the app's own origin (PUBLIC_URL), so another site cannot act with a signed-in user's cookie.
 * Browsers send Origin on every such request; one without it is refused too. better-auth checks its
 * own routes (/api/auth/*) the same way. A request with an API token and no cookie is a script's:
 * tokens are read-only, so it is refused as such; one with a cookie is checked like any other.
 */
export function requireSameOrigin(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie && personalAccessToken(request)) {
      throw new ForbiddenError(messages.auth.tokenReadOnly);
    }
    if (request.headers.origin !== own) throw new ForbiddenError(messages.common.crossSite);
  };
}
