import { BreakdownService } from '../breakdowns/breakdown.service';
import type { Wiring } from '../wiring';
import { DashboardService } from './dashboard.service';
import { rollupRebuildTask } from './rollup-rebuild.task';
import { ShareLinkService } from './share-link.service';

/** The dashboard, its breakdowns and the read-only links that share them. */
export function wireDashboard({ repositories, backend, infra, access, config, seams }: Wiring) {
  const dashboard = new DashboardService(
    repositories.dashboard,
    backend.reports.filteredDashboard,
    access,
    seams.reportClock,
  );
  const breakdowns = new BreakdownService(backend.reports.breakdowns, access, seams.reportClock);
  return {
    dashboard,
    breakdowns,
    shareLinks: new ShareLinkService(
      repositories.shareLinks,
      access,
      { dashboard, breakdowns },
      { publicUrl: config.publicUrl, secret: config.authSecret, limits: infra.limits },
    ),
    /** After a time zone change, the day rollups are re-keyed in the background. */
    tasks: [rollupRebuildTask(backend.rollupRebuild)],
  };
}
