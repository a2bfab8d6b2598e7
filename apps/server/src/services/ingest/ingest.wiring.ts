import { createPostbackHttp } from '../postbacks/postback-http';
import type { Wiring } from '../wiring';
import { EventTestService } from './event-test.service';
import { IngestService } from './ingest.service';
import { InstallationService } from './installation.service';

/** Collect, the Event Test screen and the first run's installation check. */
export function wireIngest({ repositories, backend, infra, access, bus, config, seams }: Wiring) {
  const ingest = new IngestService(
    infra.ports,
    infra.writer,
    infra.metrics,
    undefined,
    repositories.consentLinks,
    infra.directory,
  );
  // A changed domain makes an earlier refusal stale: first run waits afresh.
  bus.on('website.changed', ({ websiteId }) => ingest.refusals.forget(websiteId));
  // The first-run check opens a customer's page with the postbacks' guards (public addresses only).
  const siteHttp = createPostbackHttp({
    allowPrivate: config.postbackAllowPrivate,
    network: seams.postbackNetwork,
    maxResponseBytes: 512 * 1024,
    userAgent: 'OCX-InstallationCheck/1.0',
  });
  const endpoints = {
    publicUrl: config.publicUrl,
    scriptPath: config.trackerScriptPath,
    collectPath: config.collectPath,
  };
  return {
    ingest,
    eventTest: new EventTestService(access, ingest, backend.events, repositories.testEvents),
    installation: new InstallationService(
      access,
      backend.events,
      ingest.refusals,
      siteHttp,
      endpoints,
      infra.limits,
    ),
  };
}
