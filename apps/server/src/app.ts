import type { EventStore } from '@ocx/core';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthBridge } from './auth/auth-bridge';
import type { AppConfig } from './config/app-config';
import { openDatabase } from './db/database';
import { SqliteCheckpointer } from './db/sqlite-checkpointer';
import { migrateStorage } from './migrations/migrate-storage';
import { authPlugin } from './plugins/auth.plugin';
import { compressionPlugin } from './plugins/compression.plugin';
import { errorHandlerPlugin } from './plugins/error-handler.plugin';
import { redactUrl } from './plugins/log-redaction';
import { refuseNul } from './plugins/nul-text.hook';
import { openApiPlugin } from './plugins/openapi.plugin';
import { requireSameOrigin } from './plugins/same-origin.hook';
import { securityHeadersPlugin } from './plugins/security-headers.plugin';
import { staticPlugin } from './plugins/static.plugin';
import { accountRoute } from './routes/accounts/account.route';
import { apiTokensRoute } from './routes/accounts/api-tokens.route';
import { authProvidersRoute } from './routes/accounts/auth-providers.route';
import { invitationPreviewRoute, invitationsRoute } from './routes/accounts/invitations.route';
import { meRoute } from './routes/accounts/me.route';
import { organizationsRoute } from './routes/accounts/organizations.route';
import { reportsRoute } from './routes/attribution/attribution.route';
import { billingRoute, billingWebhookRoute } from './routes/billing/billing.route';
import { breakdownRoute } from './routes/breakdowns/breakdowns.route';
import { campaignsRoute } from './routes/campaigns/campaigns.route';
import { landingPagesRoute } from './routes/campaigns/landing-pages.route';
import { networksRoute } from './routes/campaigns/networks.route';
import { sourcesRoute } from './routes/campaigns/sources.route';
import { templatesRoute } from './routes/campaigns/templates.route';
import { costsApiRoute, costsRoute } from './routes/costs/costs.route';
import { dashboardRoute } from './routes/dashboard/dashboard.route';
import { shareLinksRoute } from './routes/dashboard/share-links.route';
import { sharedDashboardRoute } from './routes/dashboard/shared-dashboard.route';
import { debugRoute } from './routes/debug/debug.route';
import { healthRoute } from './routes/debug/health.route';
import { funnelsRoute } from './routes/funnels/funnels.route';
import { collectRoute } from './routes/ingest/collect.route';
import { eventTestRoute } from './routes/ingest/event-test.route';
import { installationRoute } from './routes/ingest/installation.route';
import { s2sRoute } from './routes/ingest/s2s.route';
import { trackerRoute } from './routes/ingest/tracker.route';
import { logsRoute } from './routes/logs/logs.route';
import { visitorErasureRoute, visitorsRoute } from './routes/privacy/privacy.route';
import { routeDocs } from './routes/route-docs';
import { goalsRoute } from './routes/websites/goals.route';
import { integrationsRoute } from './routes/websites/integrations.route';
import { websitesRoute } from './routes/websites/websites.route';
import { createMailer } from './services/accounts/mail-transport';
import type { Mailer } from './services/accounts/mailer';
import { createServices, type ServiceSeams } from './services/services';
import { openClickHouseFor } from './storage/backends';

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count is a function here: Fastify takes a bare number
 * to mean 'trust nothing' (it cannot tell the proxy from a client that reaches the server directly),
 * so a count is only right when every request comes through the proxies; a list checks them.
 */
function trustedHops(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface BuildOptions extends ServiceSeams {
  /** false for silence (tests); else the level (default LOG_LEVEL) and where lines go (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** Hands tests what they reach besides HTTP: the events' store (to seed events) and the mailer (its outbox). */
  onInternals?: (internals: { events: EventStore; mailer: Mailer }) => void;
  /** Sees every route as it is registered (the API documentation test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * What a request log line says about the request: method, path, host. Never the client's address
 * or port (Fastify's default serializer logs them), also when the website anonymizes addresses,
 * and never a token the URL carries (shared links, invitations, mailed links, OAuth callbacks).
 */
function withoutClientAddress(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host };
}

/** Wires database, auth, services and routes; migrations are applied before it answers. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  let log: FastifyBaseLogger | null = null;
  const database = openDatabase(config.database, {
    onConnectionError: (err) =>
      log?.warn({ err }, 'PostgreSQL closed a connection; the next query connects anew'),
  });
  const clickhouse = openClickHouseFor(config);
  try {
    await migrateStorage(database, clickhouse);
  } catch (err) {
    await clickhouse?.client.close();
    await database.destroy();
    throw err;
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? config.logLevel,
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            serializers: { req: withoutClientAddress },
          },
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  log = app.log;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sqliteFile = 'file' in config.database ? config.database.file : null;
  const checkpointer =
    database.sqlite && sqliteFile ? new SqliteCheckpointer(database.sqlite, sqliteFile, app.log) : null;
  const mailer = createMailer(config.mail, app.log);
  const auth = new AuthBridge(
    {
      database: config.database,
      baseURL: config.publicUrl,
      secret: config.authSecret,
      rateLimit: config.authRateLimit,
      oauth: config.oauth,
    },
    app.log,
    mailer,
  );
  const services = await createServices(
    { database, clickhouse },
    config,
    app.log,
    { credentials: auth, mailer },
    {
      ...options,
      events: (events) => options.onInternals?.({ events, mailer }),
    },
  );
  app.decorate('services', services);
  // Commit what collect requests are waiting for before the database closes.
  app.addHook('onClose', async () => {
    await services.close();
    await auth.close();
    mailer.close();
    await checkpointer?.stop();
    await database.destroy();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    beaconPaths: [config.collectPath, `${config.collectPath}/config`, config.trackerScriptPath],
  });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, {
    docs: routeDocs({ collectPath: config.collectPath, scriptPath: config.trackerScriptPath }),
    publicUrl: config.publicUrl,
  });
  app.addHook('preValidation', refuseNul(['query', 'params']));
  await app.register(authPlugin, { auth });
  await app.register(healthRoute, { token: config.healthToken });
  await app.register(authProvidersRoute, { config });
  await app.register(collectRoute, {
    collectPath: config.collectPath,
    rateLimitPerMinute: config.collectRateLimit,
  });
  await app.register(s2sRoute);
  await app.register(costsApiRoute);
  await app.register(visitorErasureRoute, { publicUrl: config.publicUrl });
  await app.register(billingWebhookRoute);
  await app.register(sharedDashboardRoute);
  await app.register(invitationPreviewRoute);
  await app.register(trackerRoute, {
    trackerDist: config.trackerDist,
    scriptPath: config.trackerScriptPath,
    collectPath: config.collectPath,
  });
  await app.register(async (signedIn) => {
    // onRequest: a cross-site request is refused before anything else; an unauthenticated one
    // learns nothing else, not even what a valid body looks like.
    signedIn.addHook('onRequest', requireSameOrigin(config.publicUrl));
    signedIn.addHook('onRequest', app.requireUser);
    signedIn.addHook('preValidation', refuseNul(['body']));
    await signedIn.register(meRoute);
    await signedIn.register(organizationsRoute);
    await signedIn.register(invitationsRoute);
    await signedIn.register(billingRoute);
    await signedIn.register(accountRoute);
    await signedIn.register(apiTokensRoute);
    await signedIn.register(shareLinksRoute);
    await signedIn.register(websitesRoute);
    await signedIn.register(goalsRoute);
    await signedIn.register(campaignsRoute);
    await signedIn.register(eventTestRoute);
    await signedIn.register(installationRoute);
    await signedIn.register(integrationsRoute);
    await signedIn.register(logsRoute);
    await signedIn.register(reportsRoute);
    await signedIn.register(costsRoute);
    await signedIn.register(dashboardRoute);
    await signedIn.register(breakdownRoute);
    await signedIn.register(funnelsRoute);
    await signedIn.register(networksRoute);
    await signedIn.register(sourcesRoute);
    await signedIn.register(landingPagesRoute);
    await signedIn.register(templatesRoute);
    await signedIn.register(debugRoute);
    await signedIn.register(visitorsRoute);
  });
  await app.register(staticPlugin, { root: config.webDist });
  services.background.start();
  return app;
}
