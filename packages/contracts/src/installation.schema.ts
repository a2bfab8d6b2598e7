import { z } from 'zod';

/** Why the collect endpoint refused a website's events (the refusals a first run can act on). */
export type InstallationRefusalReason = 'foreign_origin' | 'domain_not_configured';

/** The latest refusal of a website's events since this server started. */
export interface InstallationRefusal {
  reason: InstallationRefusalReason;
  /** The page host the refused events came from. */
  host: string | null;
  at: string;
  count: number;
}

/** First run's "waiting for your first event": has anything arrived, and was anything refused. */
export interface InstallationStatus {
  websiteId: string;
  /** The newest stored event's time; null while the website has none. */
  lastEventAt: string | null;
  refusal: InstallationRefusal | null;
}

export type InstallationFindingName =
  | 'unreachable'
  | 'http_error'
  | 'snippet_missing'
  | 'other_website'
  | 'csp_blocks_script'
  | 'csp_blocks_collect'
  | 'snippet_found'
  | 'refused_address';

/** What the server found when it opened a page of the website. */
export interface InstallationCheckResult {
  url: string;
  finding: InstallationFindingName;
  /** The page's HTTP status, when it answered. */
  status: number | null;
  /** One sentence on the likely cause and what to do. */
  advice: string;
}

export const InstallationCheckBody = z.object({
  /** A page of the website to open; its home page when absent. Must be on the website's domain. */
  url: z.string().trim().max(2048).optional(),
});
export type InstallationCheckBody = z.infer<typeof InstallationCheckBody>;
