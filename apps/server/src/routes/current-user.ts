import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors';
import type { CurrentUser } from '../services/platform/access';

/** The user the requireUser hook attached; routes under it can rely on it being there. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new UnauthorizedError('Not signed in');
  return request.user;
}
