import type { BackgroundTask } from '../platform/background-jobs';
import type { Wiring } from '../wiring';
import { AttributionService } from './attribution.service';
import { ConversionService } from './conversion.service';
import { CreditingJob, type CreditingRunner, creditingTasks } from './crediting.job';
import { ReportService } from './report.service';

/** Crediting, the attribution report, and conversions sent by a website's own server. */
export function wireAttribution({ repositories, backend, access, bus }: Wiring) {
  const attribution = new AttributionService(repositories.attribution, access);
  bus.on('attribution.settingsChanged', ({ websiteId, before, after }) =>
    attribution.settingsChanged(websiteId, before, after),
  );
  // On SQLite the event writer thread credits conversions: one connection writes them and the events,
  // so neither waits for the other's lock, and the HTTP thread is free for requests.
  const thread = backend.writerThread;
  const crediting: CreditingRunner = thread
    ? { creditNew: () => thread.runJob('creditNew'), recomputeStep: () => thread.runJob('recomputeStep') }
    : new CreditingJob(repositories.attribution, repositories.postbacks);
  const tasks: BackgroundTask[] = creditingTasks(crediting);
  return {
    attribution,
    reports: new ReportService(repositories.reports, access, {
      costs: repositories.adCosts,
      campaigns: repositories.campaigns,
    }),
    conversions: new ConversionService(repositories.conversions, repositories.campaigns, bus),
    tasks,
  };
}
