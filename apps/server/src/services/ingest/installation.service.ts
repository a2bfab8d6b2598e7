import {
  type InstallationCheckResult,
  type InstallationFindingName,
  type InstallationStatus,
  messages,
} from '@ocx/contracts';
import { diagnoseInstallation, type EventStore, isOwnHost, trackingHost } from '@ocx/core';
import { TooManyRequestsError, ValidationError } from '../../errors';
import { readStoredConfig } from '../../storage/websites/website-config';
import type { Access, CurrentUser } from '../platform/access';
import { type Limit, RateLimits } from '../platform/rate-limits';
import { type FetchedResponse, RefusedAddressError } from '../postbacks/postback-http';
import type { TrackerEndpoints } from '../websites/website.mapper';
import type { RefusalLog } from './refusal-log';

/** Each check opens a page of another server: a few a minute per user is all first run needs. */
const CHECKS_PER_MINUTE = 10;

export interface PageFetcher {
  fetchPage(url: string, signal: AbortSignal): Promise<FetchedResponse>;
  close(): Promise<void>;
}

/**
 * First run: whether a website's first event has arrived, what was refused on the way, and a look
 * at one of its pages that names the likely cause when nothing arrives (Plausible's verification).
 */
export class InstallationService {
  private readonly checkLimiter: Limit;

  constructor(
    private readonly access: Access,
    private readonly events: EventStore,
    private readonly refusals: RefusalLog,
    private readonly http: PageFetcher,
    private readonly endpoints: TrackerEndpoints,
    /** Where page checks per user are counted (shared by the app servers with Redis). */
    limits: RateLimits = new RateLimits(null),
  ) {
    this.checkLimiter = limits.sliding('installation-check', CHECKS_PER_MINUTE);
  }

  async status(user: CurrentUser, websiteId: string): Promise<InstallationStatus> {
    const website = await this.access.website(user, websiteId, 'read');
    const [latest] = await this.events.recentEvents(website.id, 1);
    return {
      websiteId: website.id,
      lastEventAt: latest ? new Date(latest.ts).toISOString() : null,
      refusal: this.refusals.latestFor(website.id),
    };
  }

  async check(
    user: CurrentUser,
    websiteId: string,
    pageUrl: string | undefined,
  ): Promise<InstallationCheckResult> {
    const website = await this.access.website(user, websiteId, 'read');
    if (!website.root_domain) throw new ValidationError(messages.installation.noDomain);
    if (!(await this.checkLimiter.allow(user.id, Date.now())))
      throw new TooManyRequestsError(messages.installation.tooMany);
    const { scriptConfig } = readStoredConfig(website);
    const url = this.pageUrl(pageUrl, website.root_domain, scriptConfig.crossDomains);
    const origin = scriptConfig.firstPartyTracking
      ? `https://${trackingHost(website.root_domain)}`
      : this.endpoints.publicUrl.replace(/\/+$/, '');
    const expected = {
      websiteId: website.id,
      scriptUrl: `${origin}${this.endpoints.scriptPath}`,
      collectUrl: `${origin}${this.endpoints.collectPath}`,
    };
    let page: FetchedResponse | null = null;
    try {
      page = await this.http.fetchPage(url, AbortSignal.timeout(10_000));
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        return {
          url,
          finding: 'refused_address',
          status: null,
          advice: messages.installation.refusedAddress(error.target),
        };
      }
    }
    const csp = page ? [page.headers['content-security-policy'] ?? []].flat() : [];
    const diagnosis = diagnoseInstallation(
      page && { status: page.status, html: page.text, csp },
      url,
      expected,
    );
    const status = page?.status ?? null;
    return {
      url,
      finding: diagnosis.finding,
      status,
      advice: advice(diagnosis.finding, url, status, origin, diagnosis.foundWebsiteId),
    };
  }

  close(): Promise<void> {
    return this.http.close();
  }

  /** The page to open: the given one when it is on the website's domains, else the home page. */
  private pageUrl(given: string | undefined, rootDomain: string, crossDomains: string[]): string {
    if (!given) return `https://${rootDomain}/`;
    let parsed: URL;
    try {
      parsed = new URL(/^https?:\/\//i.test(given) ? given : `https://${given}`);
    } catch {
      throw new ValidationError(messages.installation.otherDomain(rootDomain), 'url');
    }
    const ours = isOwnHost(parsed.hostname.toLowerCase(), { rootDomain, crossDomains });
    if (!ours || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) {
      throw new ValidationError(messages.installation.otherDomain(rootDomain), 'url');
    }
    return parsed.toString();
  }
}

function advice(
  finding: InstallationFindingName,
  url: string,
  status: number | null,
  origin: string,
  foundWebsiteId: string | undefined,
): string {
  const m = messages.installation;
  switch (finding) {
    case 'unreachable':
      return m.unreachable(url);
    case 'http_error':
      return m.httpError(url, status ?? 0);
    case 'snippet_missing':
      return m.snippetMissing(url);
    case 'other_website':
      return m.otherWebsite(foundWebsiteId ?? '');
    case 'csp_blocks_script':
      return m.cspScript(origin);
    case 'csp_blocks_collect':
      return m.cspCollect(origin);
    case 'refused_address':
      return m.refusedAddress(new URL(url).hostname);
    case 'snippet_found':
      return m.snippetFound;
  }
}
