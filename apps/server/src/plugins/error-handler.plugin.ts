import { messages } from '@ocx/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { schemaRefusal, serviceRefusal } from './refusal-answer';

/**
 * One place maps failures to HTTP: `{ error }` with the spec's message where it has one, and the
 * input a refusal concerns as `field` (and `fields` for several) so a form says it there.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(schemaRefusal(error.validation, error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // Nothing was stored; the tracker's queue and other clients try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: messages.common.unavailable });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: messages.common.unexpected });
    }
    return reply.code(status).send(serviceRefusal(error));
  });
});
