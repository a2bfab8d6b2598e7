import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** The signed-in user with their organization (plan and trial). */
export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', async (req) => {
    const user = currentUser(req);
    // The user's id and email only: the session's id stays on the server.
    return {
      user: { id: user.id, email: user.email },
      organization: await app.services.organizations.forUser(user),
    };
  });
};
