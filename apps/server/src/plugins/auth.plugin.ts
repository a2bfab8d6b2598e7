import { messages } from '@ocx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthBridge } from '../auth/auth-bridge';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { closedToTokens, personalAccessToken, SAFE_METHODS } from './bearer-token';

/** Mounts better-auth (on its own thread) at /api/auth/* and gives routes a `requireUser` hook. */
export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthBridge }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const response = await auth.handle(request);
      reply.code(response.status);
      for (const [key, value] of response.headers) reply.header(key, value);
      if (response.cookies.length > 0) reply.header('set-cookie', response.cookies);
      return reply.send(response.body);
    },
  });

  // better-auth's jwt plugin keys, where JWT verifiers look for them.
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    const response = await auth.jwks();
    return reply.code(response.status).type('application/json').send(response.body);
  });

  // A session still owing its second factor (aal1 with a verified factor) counts as signed out here.
  app.decorate('sessionUser', async (request: FastifyRequest) => {
    const user = await auth.session(request);
    return user && !user.secondFactorMissing ? user : null;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = personalAccessToken(request);
    if (token) {
      // A bearer token decides alone, even beside a cookie: it never gets more than it allows.
      if (!SAFE_METHODS.has(request.method)) throw new ForbiddenError(messages.auth.tokenReadOnly);
      // The route that matched decides, not how the path was spelled (bearer-token.ts).
      if (closedToTokens(request.routeOptions)) throw new ForbiddenError(messages.auth.tokenNotForAccount);
      const owner = await app.services.apiTokens.authenticate(token);
      if (!owner) throw new UnauthorizedError(messages.auth.tokenInvalid);
      request.user = { id: owner.id, email: owner.email };
      request.sessionId = null;
      return;
    }
    const user = await auth.session(request);
    if (!user) throw new UnauthorizedError(messages.auth.sessionExpired);
    if (user.secondFactorMissing) throw new ForbiddenError(messages.auth.secondFactorRequired);
    request.user = { id: user.id, email: user.email, sessionId: user.sessionId };
    request.sessionId = user.sessionId;
  });

  app.decorate('verifyPassword', (request: FastifyRequest, password: string) =>
    auth.verifyPassword(request, password),
  );
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The better-auth session of a signed-in request (set by requireUser). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    requireUser(request: FastifyRequest): Promise<void>;
    /** Whether `password` is the signed-in user's current one (confirmations of destructive steps). */
    verifyPassword(request: FastifyRequest, password: string): Promise<boolean>;
    /** The signed-in user of a request, or null (for routes open to everyone that show more to users). */
    sessionUser(request: FastifyRequest): Promise<{ id: string; email: string } | null>;
  }
}
