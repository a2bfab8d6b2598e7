import { messages } from '@ocx/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An onRequest hook for the cookie-authenticated app routes: a state-changing request must come
 * from the app's own origin (PUBLIC_URL), so another site cannot act with a signed-in user's cookie.
 * Browsers send Origin on every such request; one without it is refused too. better-auth checks its
 * own routes (/api/auth/*) the same way.
 */
export function requireSameOrigin(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.origin !== own) throw new ForbiddenError(messages.common.crossSite);
  };
}
