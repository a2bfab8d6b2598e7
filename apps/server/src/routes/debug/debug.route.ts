import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** The debug screens' data (spec §2): signed-in only, each answer about the user's own data. */
export const debugRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/debug/database', async (req) => app.services.databaseDebug.report(currentUser(req)));
};
