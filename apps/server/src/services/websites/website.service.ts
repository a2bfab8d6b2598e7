import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Attribution,
  DEFAULT_RETENTION_MONTHS,
  messages,
  type NewWebsite,
  type Website,
  type WebsitePatch,
} from '@ocx/contracts';
import type { CreditSettings, EventStore } from '@ocx/core';
import {
  canonicalTimeZone,
  cookieDomain,
  defaultAttribution,
  defaultCampaignId,
  defaultScriptConfig,
  normalizeRootDomain,
  resolveAttribution,
  sameCreditSettings,
  websiteRuleRefusal,
} from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import { privacyOf } from '../../storage/privacy/website-privacy';
import { toGoal } from '../../storage/websites/goal.mapper';
import type { GoalRepository } from '../../storage/websites/goal.repository';
import { toStoredWebsite } from '../../storage/websites/website.mapper';
import type { WebsiteRepository, WebsiteRow } from '../../storage/websites/website.repository';
import { readStoredConfig, type StoredConfig } from '../../storage/websites/website-config';
import type { Access, CurrentUser } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { type TrackerEndpoints, toWebsite } from './website.mapper';

/** Which postback URLs may be saved: never a private or local address unless the deployment allows it. */
export interface PostbackUrlPolicy {
  /** Why `url` may not be saved, or null. */
  refusal(url: string): string | null;
}

export class WebsiteService {
  constructor(
    private readonly websites: WebsiteRepository,
    private readonly goals: GoalRepository,
    private readonly endpoints: TrackerEndpoints,
    private readonly events: EventStore,
    private readonly access: Access,
    /** Told about every change, so caches of the public endpoints forget the old version. */
    private readonly bus: DomainEventBus,
    /** Why a postback URL may not be saved (a private or local address). */
    private readonly postbackUrls: PostbackUrlPolicy,
    /** The organization a new website goes into; refuses one past the plan's website limit. */
    private readonly organizations: { placeForNewWebsite(user: CurrentUser): Promise<string> },
  ) {}

  async list(user: CurrentUser): Promise<Website[]> {
    const rows = await this.access.websites(user, 'read');
    return this.withGoals(rows);
  }

  async get(user: CurrentUser, id: string): Promise<Website> {
    const [website] = await this.withGoals([await this.access.website(user, id, 'read')]);
    if (!website) throw new NotFoundError('Website not found');
    return website;
  }

  async create(user: CurrentUser, input: NewWebsite): Promise<Website> {
    const defaults = defaultAttribution();
    const attribution = input.attribution
      ? resolveAttribution(defaults.settings, input.attribution)
      : defaults;
    assertRules(input, attribution, false);
    this.assertPostbackTarget(input.postbackUrl);
    const timezone = knownTimezone(input.timezone ?? 'UTC');
    const id = randomUUID();
    const now = new Date().toISOString();
    const config: StoredConfig = {
      settings: attribution.settings,
      // docs/privacy.md#ip-addresses: new websites store addresses cut to /24 or /48 unless their creator says otherwise.
      scriptConfig: {
        ...defaultScriptConfig(defaultCampaignId(randomBytes(7))),
        ipAnonymization: true,
        ...input.scriptConfig,
      },
    };
    const rootDomain = normalizeRootDomain(input.rootDomain);
    const organizationId = await this.organizations.placeForNewWebsite(user);
    await this.websites.insert({
      id,
      user_id: user.id,
      organization_id: organizationId,
      name: input.name.trim(),
      // Optional, and empty until its owner names one: a made-up brand would show in reports as theirs.
      brand: input.brand?.trim() ?? '',
      root_domain: rootDomain,
      attribution_model: attribution.model,
      attribution_window: attribution.window,
      config: JSON.stringify(normalizeConfig(config)),
      postback_url: input.postbackUrl || null,
      cookie_domain: cookieDomain(rootDomain),
      default_campaign_id: config.scriptConfig.defaultCampaignId,
      timezone,
      // docs/privacy.md#the-two-consent-modes: new websites wait for consent unless their creator says otherwise.
      consent_mode: input.privacy?.consentMode ?? 'require',
      respect_dnt: input.privacy?.respectDnt ? 1 : 0,
      retention_months: input.privacy?.retentionMonths ?? DEFAULT_RETENTION_MONTHS,
      created_at: now,
      updated_at: now,
    });
    return this.get(user, id);
  }

  async update(user: CurrentUser, id: string, patch: WebsitePatch): Promise<Website> {
    const row = await this.access.website(user, id, 'write');
    const current = readStoredConfig(row);
    const attribution = patch.attribution && resolveAttribution(current.settings, patch.attribution);
    assertRules(patch, attribution, true);
    this.assertPostbackTarget(patch.postbackUrl);
    const timezone = patch.timezone === undefined ? row.timezone : knownTimezone(patch.timezone);
    const config: StoredConfig = {
      settings: attribution?.settings ?? current.settings,
      scriptConfig: { ...current.scriptConfig, ...patch.scriptConfig },
    };
    const rootDomain =
      patch.rootDomain === undefined ? row.root_domain : normalizeRootDomain(patch.rootDomain);
    const privacy = { ...privacyOf(row), ...patch.privacy };
    await this.websites.update(id, {
      name: patch.name?.trim() ?? row.name,
      brand: patch.brand === undefined ? row.brand : patch.brand.trim(),
      root_domain: rootDomain,
      cookie_domain: cookieDomain(rootDomain),
      attribution_model: patch.attribution?.model ?? row.attribution_model,
      attribution_window: patch.attribution?.window ?? row.attribution_window,
      config: JSON.stringify(normalizeConfig(config)),
      postback_url: patch.postbackUrl === undefined ? row.postback_url : patch.postbackUrl || null,
      default_campaign_id: config.scriptConfig.defaultCampaignId,
      timezone,
      // A new zone re-keys the day rollups in the background (RollupRebuildTask); the dashboard reads raw events meanwhile.
      ...(timezone === row.timezone ? {} : { rollup_rebuilt_until: 0 }),
      consent_mode: privacy.consentMode,
      respect_dnt: privacy.respectDnt ? 1 : 0,
      retention_months: privacy.retentionMonths,
      updated_at: new Date().toISOString(),
    });
    await this.bus.emit('website.changed', { websiteId: id });
    const before: CreditSettings = {
      window: row.attribution_window,
      settings: current.settings,
      crossDevice: current.scriptConfig.crossDeviceTracking,
    };
    const after: CreditSettings = {
      window: patch.attribution?.window ?? row.attribution_window,
      settings: config.settings,
      crossDevice: config.scriptConfig.crossDeviceTracking,
    };
    if (!sameCreditSettings(before, after))
      await this.bus.emit('attribution.settingsChanged', { websiteId: id, before, after });
    return this.get(user, id);
  }

  async remove(user: CurrentUser, id: string): Promise<void> {
    await this.access.website(user, id, 'write');
    if (!(await this.websites.delete(id))) throw new NotFoundError('Website not found');
    await this.events.deleteWebsite(id);
    await this.bus.emit('website.changed', { websiteId: id });
  }

  private assertPostbackTarget(url: string | null | undefined): void {
    const message = url ? this.postbackUrls.refusal(url) : null;
    if (message) throw new ValidationError(message, 'postbackUrl');
  }

  private async withGoals(rows: WebsiteRow[]): Promise<Website[]> {
    const goals = (await this.goals.listByWebsites(rows.map((r) => r.id))).map(toGoal);
    return rows.map((row) =>
      toWebsite(
        toStoredWebsite(row),
        goals.filter((g) => g.websiteId === row.id),
        this.endpoints,
      ),
    );
  }
}

function assertRules(
  input: WebsitePatch,
  attribution: Attribution | undefined,
  requireDomain: boolean,
): void {
  const refusal = websiteRuleRefusal(
    {
      name: input.name,
      rootDomain: input.rootDomain,
      attribution,
      crossDomains: input.scriptConfig?.crossDomains,
      postbackUrl: input.postbackUrl,
    },
    requireDomain,
  );
  if (refusal) throw new ValidationError(refusal.message, refusal.field);
}

/** The zone as the time-zone database spells it; an unknown name is a 400 with the reason. */
function knownTimezone(name: string): string {
  const zone = canonicalTimeZone(name);
  if (!zone) throw new ValidationError(messages.config.unknownTimezone(name), 'timezone');
  return zone;
}

function normalizeConfig(config: StoredConfig): StoredConfig {
  const crossDomains = [...new Set(config.scriptConfig.crossDomains.map(normalizeRootDomain))];
  return { ...config, scriptConfig: { ...config.scriptConfig, crossDomains } };
}
