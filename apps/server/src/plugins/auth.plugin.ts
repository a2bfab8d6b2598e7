import { messages } from '@ocx/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Auth, CLIENT_IP_HEADER } from '../auth/auth';
import { UnauthorizedError } from '../errors';

/** Mounts better-auth at /api/auth/* and gives routes a `requireUser` hook. */
export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: Auth }) => {
  app.decorateRequest('user', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request));
      reply.code(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new UnauthorizedError(messages.auth.sessionExpired);
    request.user = { id: session.user.id, email: session.user.email };
  });
});

/** The client address better-auth rate-limits by: Fastify's req.ip honours TRUST_PROXY. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.body !== undefined;
  return new Request(new URL(request.url, 'http://internal'), {
    method: request.method,
    headers,
    ...(hasBody
      ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }
      : {}),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser(request: FastifyRequest): Promise<void>;
  }
}
