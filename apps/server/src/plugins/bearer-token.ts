import { API_TOKEN_PREFIX } from '@ocx/contracts';
import type { FastifyRequest } from 'fastify';

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
