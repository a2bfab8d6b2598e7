import { randomUUID } from 'node:crypto';
import { type LandingPage, type LandingPageStats, messages, type NewLandingPage } from '@ocx/contracts';
import {
  DAY_MS,
  landingPageClickUrls,
  landingPageKey,
  landingPageMatcher,
  landingPageUrl,
  landingPathRule,
} from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type {
  LandingPageRepository,
  StoredLandingPage,
} from '../../storage/campaigns/landing-page.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import type { WebsiteRow } from '../../storage/websites/website.repository';
import type { Access, CurrentUser } from '../platform/access';
import {
  type MetricsSnapshot,
  selectedModel,
  type TouchpointMetricsService,
} from './touchpoint-metrics.service';

export class LandingPageService {
  constructor(
    private readonly pages: LandingPageRepository,
    private readonly access: Access,
    private readonly metrics: TouchpointMetricsService,
    private readonly touchpoints: TouchpointRepository,
    private readonly campaigns: CampaignRepository,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<LandingPage[]> {
    const website = await this.access.website(user, websiteId, 'read');
    const [rows, snapshot] = await Promise.all([
      this.pages.listByWebsite(websiteId),
      this.metrics.snapshot(website),
    ]);
    return rows.map((row) => toLandingPage(row, website, snapshot));
  }

  async create(user: CurrentUser, websiteId: string, input: NewLandingPage): Promise<LandingPage> {
    const website = await this.access.website(user, websiteId, 'write');
    const now = new Date().toISOString();
    const page = { id: randomUUID(), websiteId, ...fields(website, input), createdAt: now };
    await this.pages.insert({ ...page, updatedAt: now });
    return toLandingPage(page, website, await this.metrics.snapshot(website));
  }

  /** Edits name, path and description with the same rules as create. */
  async update(
    user: CurrentUser,
    websiteId: string,
    id: string,
    input: NewLandingPage,
  ): Promise<LandingPage> {
    const website = await this.access.website(user, websiteId, 'write');
    const changed = fields(website, input);
    const now = new Date().toISOString();
    if (!(await this.pages.update(websiteId, id, { ...changed, updatedAt: now })))
      throw new NotFoundError(messages.landingPages.notFound);
    const page = await this.pages.find(websiteId, id);
    if (!page) throw new NotFoundError(messages.landingPages.notFound);
    return toLandingPage(page, website, await this.metrics.snapshot(website));
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.pages.delete(websiteId, id))) throw new NotFoundError(messages.landingPages.notFound);
  }

  /**
   * Its card's figures (clicks, visitors, the conversion rate, credited conversions), and its
   * clicks and credit per UTC day, channel and campaign.
   */
  async stats(user: CurrentUser, websiteId: string, id: string): Promise<LandingPageStats> {
    const website = await this.access.website(user, websiteId, 'read');
    const row = await this.pages.find(websiteId, id);
    if (!row) throw new NotFoundError(messages.landingPages.notFound);
    const model = selectedModel(website);
    const urls = landingPageClickUrls(website.root_domain, row.path);
    const [snapshot, days, credits, campaigns] = await Promise.all([
      this.metrics.snapshot(website),
      this.touchpoints.landingDays(websiteId, urls),
      this.touchpoints.landingCredits(websiteId, urls, model),
      this.campaigns.listByWebsite(websiteId),
    ]);
    const names = new Map(campaigns.map((c) => [c.id, c.name]));
    const campaignName = (cid: string | null) => (cid ? (names.get(cid) ?? 'Deleted campaign') : 'None');
    const byDay = new Map<number, LandingPageStats['days'][number]>();
    const dayEntry = (day: number) => {
      const entry = byDay.get(day) ?? {
        date: new Date(day * DAY_MS).toISOString().slice(0, 10),
        visits: 0,
        conversions: 0,
        channels: {},
        campaigns: {},
      };
      byDay.set(day, entry);
      return entry;
    };
    const channels = new Map<string, number>();
    const byCampaign = new Map<string | null, { visits: number; conversions: number }>();
    const campaignEntry = (cid: string | null) => {
      const entry = byCampaign.get(cid) ?? { visits: 0, conversions: 0 };
      byCampaign.set(cid, entry);
      return entry;
    };
    for (const d of days) {
      const entry = dayEntry(d.day);
      const name = campaignName(d.campaignId);
      entry.visits += d.visits;
      entry.channels[d.channel] = (entry.channels[d.channel] ?? 0) + d.visits;
      entry.campaigns[name] = (entry.campaigns[name] ?? 0) + d.visits;
      channels.set(d.channel, (channels.get(d.channel) ?? 0) + d.visits);
      campaignEntry(d.campaignId).visits += d.visits;
    }
    for (const c of credits) {
      dayEntry(c.day).conversions += c.conversions;
      campaignEntry(c.campaignId).conversions += c.conversions;
    }
    // The card's own figures: the statistics page and the card read the same rows.
    const page = toLandingPage(row, website, snapshot);
    return {
      landingPage: page,
      attributionModel: model,
      visits: page.metrics.clicks,
      visitors: page.metrics.visitors,
      convertedVisitors: page.metrics.convertedVisitors,
      conversions: page.metrics.conversions,
      conversionRate: page.metrics.conversionRate,
      days: [...byDay.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, d]) => ({ ...d, conversions: round2(d.conversions) })),
      channels: [...channels.entries()]
        .map(([channel, n]) => ({ channel, visits: n }))
        .sort((a, b) => b.visits - a.visits || a.channel.localeCompare(b.channel)),
      campaigns: [...byCampaign.entries()]
        .map(([cid, t]) => ({
          campaignId: cid,
          name: campaignName(cid),
          visits: t.visits,
          conversions: round2(t.conversions),
        }))
        .sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name)),
    };
  }
}

/**
 * A landing page is a page of the root domain: its path (nested ones too, `products/pour-over-kit`)
 * or its address there; an address on another host is refused, the tracker would not count it there.
 */
function fields(website: WebsiteRow, input: NewLandingPage) {
  if (!website.root_domain) throw new ValidationError(messages.landingPages.domainRequired);
  const rule = landingPathRule(input.path, website.root_domain);
  if (rule.error !== null) throw new ValidationError(rule.error, 'path');
  return { name: input.name.trim(), path: rule.path, description: input.description };
}

function toLandingPage(page: StoredLandingPage, website: WebsiteRow, snapshot: MetricsSnapshot): LandingPage {
  const url = landingPageUrl(website.root_domain, page.path);
  return {
    id: page.id,
    websiteId: page.websiteId,
    name: page.name,
    path: page.path,
    url,
    href: `https://${url}${page.path ? '' : '/'}`,
    description: page.description,
    metrics: snapshot.metrics(landingPageMatcher(landingPageKey(website.root_domain, page.path))),
    createdAt: page.createdAt,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
