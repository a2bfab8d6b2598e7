import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors';

const INVALID_API_KEY = 'Invalid API key';

/** The website each request's API key belongs to, once requireWebsiteKey has checked it. */
const keyedWebsites = new WeakMap<FastifyRequest, string>();

/**
 * An onRequest hook for the routes scripts call with a website API key (`Authorization: Bearer
 * ocx_…`): the key is checked before the body is read, so a caller without a valid one gets 401
 * however large or broken its body, and learns nothing about what a valid body looks like.
 */
export function requireWebsiteKey(apiKeys: { authenticate(key: string): Promise<string | null> }) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const websiteId = key ? await apiKeys.authenticate(key) : null;
    if (!websiteId) throw new UnauthorizedError(INVALID_API_KEY);
    keyedWebsites.set(request, websiteId);
  };
}

/** The website whose API key authorised the request (routes with the requireWebsiteKey hook). */
export function keyedWebsite(request: FastifyRequest): string {
  const websiteId = keyedWebsites.get(request);
  if (!websiteId) throw new UnauthorizedError(INVALID_API_KEY);
  return websiteId;
}
