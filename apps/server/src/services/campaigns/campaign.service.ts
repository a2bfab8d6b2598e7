import { createHash, randomUUID } from 'node:crypto';
import {
  AttributionModel,
  type Campaign,
  type CampaignMetrics,
  type CampaignPatch,
  messages,
  type NewCampaign,
  type SpendFigures,
} from '@ocx/contracts';
import {
  countVisitors,
  type EventStore,
  type MinorAmounts,
  ocxidFromDigest,
  ocxidInput,
  spendFigures,
  toMinorUnits,
  trackedUrl,
  tracksPageAt,
  utmWithCampaignDefault,
} from '@ocx/core';
import { isUniqueViolation } from '../../db/sql-values';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository, StoredCampaign } from '../../storage/campaigns/campaign.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import type { WebsiteRow } from '../../storage/websites/website.repository';
import { trackedDomains } from '../../storage/websites/website-config';
import type { ReportService } from '../attribution/report.service';
import type { Access, CurrentUser } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';

export class CampaignService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly access: Access,
    private readonly events: EventStore,
    private readonly reports: ReportService,
    private readonly bus: DomainEventBus,
    private readonly touchpoints: Pick<TouchpointRepository, 'visitorGroups'>,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<Campaign[]> {
    const website = await this.access.website(user, websiteId, 'read');
    const [rows, metrics] = await Promise.all([
      this.campaigns.listByWebsite(websiteId),
      this.metrics(website),
    ]);
    return rows.map((row) => toCampaign(row, metrics(row.id)));
  }

  async get(user: CurrentUser, websiteId: string, id: string): Promise<Campaign> {
    const website = await this.access.website(user, websiteId, 'read');
    const row = await this.campaigns.find(websiteId, id);
    if (!row) throw new NotFoundError(messages.campaigns.notFound);
    return toCampaign(row, (await this.metrics(website))(id));
  }

  /**
   * Clicks are session entrances from the campaign; the conversion rate is of the visitors they
   * brought (docs/metrics.md#conversion-rate); conversions and revenue are its credit under the
   * website's selected attribution model (fractional under multi-touch models).
   */
  private async metrics(website: WebsiteRow): Promise<(campaignId: string) => Figures> {
    const model = AttributionModel.catch('first_touch').parse(website.attribution_model);
    const [clicks, credits, costs, visitors] = await Promise.all([
      this.events.campaignTotals(website.id),
      this.reports.campaignCredits(website.id, model),
      this.reports.campaignCosts(website.id),
      this.touchpoints.visitorGroups(website.id),
    ]);
    const clicksById = new Map(clicks.map((t) => [t.campaignId, t.clicks]));
    const visitorsById = new Map<string | null, typeof visitors>();
    for (const g of visitors) {
      const list = visitorsById.get(g.campaignId);
      if (list) list.push(g);
      else visitorsById.set(g.campaignId, [g]);
    }
    return (campaignId) => {
      const clickCount = clicksById.get(campaignId) ?? 0;
      const credit = credits.get(campaignId) ?? { conversions: 0, value: 0, valueByCurrency: {} };
      const valueMinor: MinorAmounts = Object.fromEntries(
        Object.entries(credit.valueByCurrency).map(([c, v]) => [c, toMinorUnits(v, c)]),
      );
      return {
        metrics: {
          clicks: clickCount,
          ...countVisitors(visitorsById.get(campaignId) ?? [], () => true),
          conversions: round(credit.conversions, 2),
          revenue: credit.value,
          revenueByCurrency: credit.valueByCurrency,
        },
        // All-time spend beside all-time credit: CPA and ROAS under the website's model.
        spend: spendFigures(costs.get(campaignId) ?? {}, credit.conversions, valueMinor),
      };
    };
  }

  async create(user: CurrentUser, websiteId: string, input: NewCampaign): Promise<Campaign> {
    const website = await this.access.website(user, websiteId, 'write');
    checkLandingPage(website, input.landingPage);
    if (input.ocxid && (await this.campaigns.ocxidTaken(input.ocxid)))
      throw new ConflictError(messages.campaigns.ocxidTaken);
    const ocxid = input.ocxid ?? (await this.freshOcxid(input.name));
    const now = new Date().toISOString();
    const id = randomUUID();
    await this.insertOnce({
      id,
      website_id: websiteId,
      name: input.name,
      network: input.network,
      source: input.source,
      landing_page: input.landingPage,
      utm_params: JSON.stringify(utmWithCampaignDefault(input.utmParams, input.name)),
      tracking_params: JSON.stringify(customParams(input.trackingParams, ocxid)),
      ocxid,
      created_at: now,
      updated_at: now,
    });
    await this.bus.emit('campaign.changed', { websiteId, ocxid });
    return this.get(user, websiteId, id);
  }

  /** Two creates with the same ocxid at once both pass the check above: the unique index decides. */
  private async insertOnce(row: Parameters<CampaignRepository['insert']>[0]): Promise<void> {
    try {
      await this.campaigns.insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(messages.campaigns.ocxidTaken);
      throw error;
    }
  }

  async update(user: CurrentUser, websiteId: string, id: string, patch: CampaignPatch): Promise<Campaign> {
    const website = await this.access.website(user, websiteId, 'write');
    if (patch.landingPage !== undefined) checkLandingPage(website, patch.landingPage);
    const row = await this.campaigns.find(websiteId, id);
    if (!row) throw new NotFoundError(messages.campaigns.notFound);
    const name = patch.name ?? row.name;
    await this.campaigns.update(websiteId, id, {
      name,
      network: patch.network ?? row.network,
      source: patch.source ?? row.source,
      landing_page: patch.landingPage ?? row.landingPage,
      ...(patch.utmParams
        ? { utm_params: JSON.stringify(utmWithCampaignDefault(patch.utmParams, name)) }
        : {}),
      // The ocxid is the campaign's identity in every link already shared: it never changes.
      ...(patch.trackingParams
        ? { tracking_params: JSON.stringify(customParams(patch.trackingParams, row.ocxid)) }
        : {}),
      updated_at: new Date().toISOString(),
    });
    // Its network and UTM tags decide the channel of its entrances: ingestion must not keep the old ones.
    await this.bus.emit('campaign.changed', { websiteId, ocxid: row.ocxid });
    return this.get(user, websiteId, id);
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    const row = await this.campaigns.find(websiteId, id);
    if (!row || !(await this.campaigns.delete(websiteId, id)))
      throw new NotFoundError(messages.campaigns.notFound);
    await this.bus.emit('campaign.changed', { websiteId, ocxid: row.ocxid });
  }

  /** Spec §4: confirming the name in the builder shows the ocxid the campaign will have. */
  async proposeOcxid(user: CurrentUser, websiteId: string, name: string): Promise<{ ocxid: string }> {
    await this.access.website(user, websiteId, 'read');
    return { ocxid: await this.freshOcxid(name) };
  }

  private async freshOcxid(name: string): Promise<string> {
    for (let t = Date.now(); ; t += 1) {
      const ocxid = ocxidFromDigest(createHash('sha256').update(ocxidInput(name, t)).digest('hex'));
      if (!(await this.campaigns.ocxidTaken(ocxid))) return ocxid;
    }
  }
}

/**
 * A campaign's landing page is on the website's domains: the collect endpoint refuses pages of any
 * other, so its link would never count a click. Without a root domain nothing is counted yet, and
 * the screens ask for the domain before a campaign (docs/definitions.md#the-campaign-link).
 */
function checkLandingPage(website: WebsiteRow, landingPage: string): void {
  if (!website.root_domain) return;
  if (!tracksPageAt(landingPage, trackedDomains(website)))
    throw new ValidationError(messages.campaigns.landingPageDomain(website.root_domain), 'landingPage');
}

/** Custom parameters need a name and a value (spec §5); the ocxid entry is always there. */
function customParams(params: Record<string, string>, ocxid: string): Record<string, string> {
  const kept = Object.entries(params).filter(([k, v]) => k.trim() && v.trim() && k !== 'ocxid');
  return { ocxid, ...Object.fromEntries(kept.map(([k, v]) => [k.trim(), v.trim()])) };
}

interface Figures {
  metrics: CampaignMetrics;
  spend: SpendFigures;
}

function toCampaign(stored: StoredCampaign, { metrics, spend }: Figures): Campaign {
  const { id, websiteId, name, network, source, landingPage, utmParams, trackingParams, ocxid } = stored;
  return {
    id,
    websiteId,
    name,
    network,
    source,
    landingPage,
    utmParams,
    trackingParams,
    ocxid,
    metrics,
    spend,
    trackedUrl: trackedUrl({ landingPage, ocxid, utmParams, trackingParams }),
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
