import type { FastifyPluginAsync } from 'fastify';
import pkg from '../../package.json' with { type: 'json' };
import type { Database } from '../db/database';
import { latestMigration } from '../migrations/migrate';

/** Database reachability and version, for load balancers and the DB debug screen. */
export const healthRoute: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const ingest = () => ({
    ...app.services.ingest.metrics.counts,
    derivationBacklog: app.services.events.pending(),
  });
  app.get('/api/health', async (request, reply) => {
    try {
      const [version, migration, attribution] = await Promise.all([
        database.version(),
        latestMigration(database),
        app.services.attribution.crediting(),
      ]);
      return {
        status: 'ok',
        version: pkg.version,
        database: { dialect: database.dialect, reachable: true, version, migration },
        ingest: ingest(),
        attribution,
      };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({
        status: 'degraded',
        version: pkg.version,
        database: { dialect: database.dialect, reachable: false, version: null, migration: null },
        ingest: ingest(),
      });
    }
  });
};
