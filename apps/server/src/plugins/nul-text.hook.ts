import { containsNul, NUL_MESSAGE } from '@ocx/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';

type Part = 'query' | 'params' | 'body';

/**
 * A preValidation hook refusing NUL characters (%00, \u0000) in the given parts of a request with
 * 400: PostgreSQL text cannot hold them, so they would otherwise fail as a 500 deep in a query.
 * Collect checks its events one by one instead (a bad event is dropped, not its batch).
 */
export function refuseNul(parts: Part[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const part = parts.find((p) => containsNul(request[p]));
    if (part) throw new ValidationError(`The request's ${part === 'params' ? 'path' : part} ${NUL_MESSAGE}`);
  };
}
