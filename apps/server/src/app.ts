import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthBridge } from './auth/auth-bridge';
import type { AppConfig } from './config/app-config';
import { openDatabase } from './db/database';
import { SqliteCheckpointer } from './db/sqlite-checkpointer';
import { migrateToLatest } from './migrations/migrate';
import { authPlugin } from './plugins/auth.plugin';
import { errorHandlerPlugin } from './plugins/error-handler.plugin';
import { staticPlugin } from './plugins/static.plugin';
import { campaignsRoute } from './routes/campaigns.route';
import { collectRoute } from './routes/collect.route';
import { dashboardRoute } from './routes/dashboard.route';
import { eventTestRoute } from './routes/event-test.route';
import { funnelsRoute } from './routes/funnels.route';
import { goalsRoute } from './routes/goals.route';
import { healthRoute } from './routes/health.route';
import { integrationsRoute } from './routes/integrations.route';
import { landingPagesRoute } from './routes/landing-pages.route';
import { logsRoute } from './routes/logs.route';
import { meRoute } from './routes/me.route';
import { networksRoute } from './routes/networks.route';
import { reportsRoute } from './routes/reports.route';
import { s2sRoute } from './routes/s2s.route';
import { sourcesRoute } from './routes/sources.route';
import { templatesRoute } from './routes/templates.route';
import { trackerRoute } from './routes/tracker.route';
import { websitesRoute } from './routes/websites.route';
import { createServices } from './services/services';

export interface BuildOptions {
  /** Pino options, or false for silence (tests). */
  logger?: boolean | { level: string };
}

/** Wires database, auth, services and routes; migrations are applied before it answers. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
  } catch (err) {
    await database.destroy();
    throw err;
  }

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const checkpointer =
    database.sqlite && config.database.dialect === 'sqlite'
      ? new SqliteCheckpointer(database.sqlite, config.database.file, app.log)
      : null;
  const services = createServices(database, config, app.log);
  const auth = new AuthBridge(
    {
      database: config.database,
      baseURL: config.publicUrl,
      secret: config.authSecret,
      rateLimit: config.authRateLimit,
    },
    app.log,
  );
  app.decorate('services', services);
  // Commit what collect requests are waiting for before the database closes.
  app.addHook('onClose', async () => {
    await services.background.stop();
    await services.writer.drain();
    await services.events.close();
    await auth.close();
    await checkpointer?.stop();
    await database.destroy();
  });

  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { auth });
  await app.register(healthRoute, { database });
  await app.register(collectRoute, {
    collectPath: config.collectPath,
    rateLimitPerMinute: config.collectRateLimit,
    secret: config.authSecret,
  });
  await app.register(s2sRoute);
  await app.register(trackerRoute, {
    trackerDist: config.trackerDist,
    scriptPath: config.trackerScriptPath,
    collectPath: config.collectPath,
  });
  await app.register(async (signedIn) => {
    // onRequest: an unauthenticated request learns nothing else, not even what a valid body looks like.
    signedIn.addHook('onRequest', app.requireUser);
    await signedIn.register(meRoute);
    await signedIn.register(websitesRoute);
    await signedIn.register(goalsRoute);
    await signedIn.register(campaignsRoute);
    await signedIn.register(eventTestRoute);
    await signedIn.register(integrationsRoute);
    await signedIn.register(logsRoute);
    await signedIn.register(reportsRoute);
    await signedIn.register(dashboardRoute);
    await signedIn.register(funnelsRoute);
    await signedIn.register(networksRoute);
    await signedIn.register(sourcesRoute);
    await signedIn.register(landingPagesRoute);
    await signedIn.register(templatesRoute);
  });
  await app.register(staticPlugin, { root: config.webDist });
  services.background.start();
  return app;
}
