import type { TrackerConfig } from '@ocx/contracts';
import { baseDomain, cookieDomain, type IngestWebsite, isWithin } from '@ocx/core';
import type { FunnelRepository } from '../../storage/funnels/funnel.repository';
import { privacyOf } from '../../storage/privacy/website-privacy';
import { toGoal } from '../../storage/websites/goal.mapper';
import type { GoalRepository } from '../../storage/websites/goal.repository';
import type { WebsiteRepository } from '../../storage/websites/website.repository';
import { readStoredConfig } from '../../storage/websites/website-config';
import { TtlCache } from './ttl-cache';

export interface PublicWebsite {
  ingest: IngestWebsite;
  tracker: TrackerConfig;
  /** Do-Not-Track counts as a refusal (the config route reads the request's signals). */
  respectDnt: boolean;
}

/**
 * `x` (load the extras) only when there are click selectors or cross domains, or the website waits
 * for consent (the extras read its consent manager); the flags only when on.
 */
function trackerConfig(config: TrackerConfig): TrackerConfig {
  return config.cs.length > 0 || config.xd.length > 0 || config.cn === undefined
    ? { ...config, x: 1 }
    : config;
}

/**
 * Websites as the public endpoints see them (ingestion and tracker config), cached for a few
 * seconds; the owning services invalidate an entry when they change it.
 */
export class WebsiteDirectory {
  private readonly cache = new TtlCache<PublicWebsite | null>((v) => (v ? 15_000 : 5_000));

  constructor(
    private readonly websites: WebsiteRepository,
    private readonly goals: GoalRepository,
    private readonly funnels: Pick<FunnelRepository, 'stepSelectors'>,
  ) {}

  get(id: string): Promise<PublicWebsite | null> {
    return this.cache.get(id, () => this.load(id));
  }

  invalidate(id: string): void {
    this.cache.invalidate(id);
  }

  private async load(id: string): Promise<PublicWebsite | null> {
    const row = await this.websites.findById(id);
    if (!row) return null;
    const { scriptConfig } = readStoredConfig(row);
    const privacy = privacyOf(row);
    const goals = (await this.goals.listByWebsites([id])).map(toGoal);
    const funnelSelectors = await this.funnels.stepSelectors(id);
    const crossDomains = scriptConfig.crossDomainTracking ? scriptConfig.crossDomains : [];
    return {
      ingest: {
        id,
        rootDomain: row.root_domain,
        crossDomains,
        ipAnonymization: scriptConfig.ipAnonymization,
        goals: goals.map(({ id: goalId, name, type, conditions, value }) => ({
          id: goalId,
          name,
          type,
          conditions,
          value,
        })),
      },
      tracker: trackerConfig({
        site: id,
        cd: row.root_domain ? cookieDomain(row.root_domain) : '',
        cw: row.attribution_window,
        ro: scriptConfig.regviewonce,
        // The tracker decorates links to these; the root domain shares its cookie already.
        xd: crossDomains.map(baseDomain).filter((d) => !isWithin(d, row.root_domain)),
        xv: scriptConfig.crossDeviceTracking,
        cs: [
          ...new Set([
            ...goals.flatMap((g) =>
              g.type === 'click' && g.conditions.selector ? [g.conditions.selector] : [],
            ),
            ...funnelSelectors,
          ]),
        ],
        ...(privacy.consentMode === 'none' ? { cn: 1 } : {}),
      }),
      respectDnt: privacy.respectDnt,
    };
  }
}
