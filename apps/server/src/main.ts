import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/app-config';

// The bundle lives in apps/server/dist; the web app builds to apps/web/dist.
const here = dirname(fileURLToPath(import.meta.url));
const defaults = {
  webDist: join(here, '..', '..', 'web', 'dist'),
  trackerDist: join(here, '..', '..', 'tracker', 'dist'),
};

async function main(): Promise<void> {
  const config = loadConfig(process.env, defaults);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: config.database.dialect, dataDir: config.dataDir },
    `OCX is ready at ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
