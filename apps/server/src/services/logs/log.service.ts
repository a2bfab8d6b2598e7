import {
  attributionModels,
  type Click,
  type ConversionLogRow,
  type ConversionPath,
  DEFAULT_LOG_LIMIT,
  type LogFacets,
  type LogQuery,
  MAX_LOG_RANGE_DAYS,
  messages,
  type PerModel,
} from '@ocx/contracts';
import { csvLine, DAY_MS, fromMinorUnits, isoInZone, OVERLAP_SAMPLE, overlapPairs } from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import { toConversion } from '../../storage/attribution/conversion.mapper';
import type { ConversionRepository } from '../../storage/attribution/conversion.repository';
import { CREDIT_STATE } from '../../storage/attribution/credit-state';
import type { ReportRepository } from '../../storage/attribution/report.repository';
import { toClick } from '../../storage/logs/log.mapper';
import type { LogFilter, LoggedConversion, LogRepository } from '../../storage/logs/log.repository';
import type { Access, CurrentUser } from '../platform/access';
import { logRange, sharedZone } from './log-range';

const CLICK_HEADER = [
  'Date',
  'Campaign',
  'Source',
  'Medium',
  'Channel',
  'Landing Page',
  'Referrer',
  'Device',
  'Browser',
  'OS',
  'Country',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'Click ID',
  'Visitor ID',
];
const CONVERSION_HEADER = [
  'Date',
  'Campaign',
  'Goal',
  'Value',
  'Currency',
  'Type',
  'Visitor ID',
  'Origin',
  // The log's "overlaps with" flag: the earlier valued goal this conversion may count twice.
  'Overlaps With',
];

/** GET /api/clicks and /api/conversions (spec §7): the user's own websites only. */
export class LogService {
  /** Rows read per query while exporting. */
  exportChunk = 2000;

  constructor(
    private readonly logs: LogRepository,
    private readonly reports: ReportRepository,
    private readonly access: Access,
    /** The valued conversions around a page's, for the overlap flags. */
    private readonly valuedConversions: Pick<ConversionRepository, 'valued'>,
  ) {}

  /**
   * One website the user owns, or all of them for websiteId 'all' (Your Click Activity). Pages,
   * totals and filter values read at most MAX_LOG_RANGE_DAYS (`bounded`); exports stream any range.
   */
  private async filter(user: CurrentUser, q: LogQuery, bounded = true): Promise<LogFilter> {
    return (await this.scope(user, q, bounded)).filter;
  }

  /** The filter, and each website's zone (CSV times carry their website's offset). */
  private async scope(
    user: CurrentUser,
    q: LogQuery,
    bounded = true,
  ): Promise<{ filter: LogFilter; zones: Map<string, string> }> {
    const websites =
      q.websiteId === 'all'
        ? await this.access.websites(user, 'read')
        : [await this.access.website(user, q.websiteId, 'read')];
    const websiteIds = websites.map((w) => w.id);
    const zones = new Map(websites.map((w) => [w.id, w.timezone]));
    const range = logRange(q, sharedZone(websites));
    if (Number.isNaN(range.from) || Number.isNaN(range.to))
      throw new ValidationError('startDate and endDate must be ISO dates');
    if (bounded && range.to - range.from > MAX_LOG_RANGE_DAYS * DAY_MS)
      throw new ValidationError(messages.logs.rangeTooLong(MAX_LOG_RANGE_DAYS));
    const filter = {
      websiteIds,
      ...range,
      campaign: q.campaign,
      source: q.source,
      medium: q.medium,
      goal: q.goal,
    };
    return { filter, zones };
  }

  async clicks(user: CurrentUser, q: LogQuery): Promise<{ rows: Click[]; total: number }> {
    const f = await this.filter(user, q);
    const page = { limit: q.limit ?? DEFAULT_LOG_LIMIT, offset: q.offset };
    const [rows, total] = await Promise.all([this.logs.clickPage(f, page), this.logs.clickCount(f)]);
    return { rows: rows.map(toClick), total };
  }

  async conversions(user: CurrentUser, q: LogQuery): Promise<{ rows: ConversionLogRow[]; total: number }> {
    const f = await this.filter(user, q);
    const page = { limit: q.limit ?? DEFAULT_LOG_LIMIT, offset: q.offset };
    const [rows, total] = await Promise.all([
      this.logs.conversionPage(f, page),
      this.logs.conversionCount(f),
    ]);
    const overlaps = await this.overlapsOf(rows);
    return {
      rows: rows.map((r) => ({ ...toConversion(r), overlaps_with: overlaps.get(r.id) ?? null })),
      total,
    };
  }

  /**
   * For each valued conversion of a page that repeats an earlier one of its visit, the earlier one's
   * goal (docs/definitions.md#valued-goals-that-overlap). Pairing looks back a day from the page's
   * oldest row: an earlier conversion may already be paired with one before it.
   */
  private async overlapsOf(rows: LoggedConversion[]): Promise<Map<string, string>> {
    const valued = rows.filter((r) => Number(r.value_minor ?? 0) > 0 && r.visitor_id !== null);
    if (valued.length === 0) return new Map();
    const times = valued.map((r) => Number(r.ts));
    const around = await this.valuedConversions.valued({
      websiteIds: [...new Set(valued.map((r) => r.website_id))],
      visitorIds: [...new Set(valued.map((r) => r.visitor_id as string))],
      from: Math.min(...times) - DAY_MS,
      to: Math.max(...times),
      limit: OVERLAP_SAMPLE,
    });
    const pairs = overlapPairs(
      around.map((c) => ({
        id: c.id,
        goalId: c.goal_id,
        goalName: c.goal_name,
        // One visitor id on two websites is two visitors.
        visitor: `${c.website_id}/${c.visitor_id}`,
        ts: c.ts,
      })),
    );
    return new Map([...pairs].map(([id, first]) => [id, first.goalName]));
  }

  /** Distinct campaigns, sources and mediums of the clicks in range, for the Clicks Log's selects. */
  async clickFacets(user: CurrentUser, q: LogQuery): Promise<LogFacets> {
    const c = await this.logs.clickFacets(await this.filter(user, q));
    return { ...c, goals: [] };
  }

  /** Distinct campaigns and goals of the conversions in range, for the Conversions Log's selects. */
  async conversionFacets(user: CurrentUser, q: LogQuery): Promise<LogFacets> {
    const f = await this.filter(user, q);
    const c = await this.logs.conversionFacets(f);
    return { campaigns: c.campaigns, sources: [], mediums: [], goals: c.goals };
  }

  /** CSV lines, streamed chunk by chunk so a large range never sits in memory whole. */
  async *exportClicks(user: CurrentUser, q: LogQuery): AsyncGenerator<string> {
    const { filter: f, zones } = await this.scope(user, q, false);
    yield csvLine(CLICK_HEADER);
    // Keyset paging: each chunk starts after the last row of the previous one (no growing OFFSET scans).
    for (let before: { ts: number; id: string } | undefined; ; ) {
      const rows = await this.logs.clickPage(f, { limit: this.exportChunk, before });
      const last = rows.at(-1);
      before = last && { ts: Number(last.ts), id: last.id };
      for (const [i, r] of rows.map(toClick).entries()) {
        yield csvLine([
          isoInZone(zones.get(r.website_id) ?? 'UTC', Number(rows[i]?.ts)),
          r.campaign_name ?? 'None',
          r.source ?? 'None',
          r.medium ?? 'None',
          r.channel,
          r.landing_page,
          r.referrer,
          r.device_type ?? 'Unknown',
          r.browser ?? 'Unknown',
          r.os ?? 'Unknown',
          r.country ?? 'Unknown',
          r.utm_source,
          r.utm_medium,
          r.utm_campaign,
          r.click_id,
          r.visitor_id,
        ]);
      }
      if (rows.length < this.exportChunk) return;
    }
  }

  async *exportConversions(user: CurrentUser, q: LogQuery): AsyncGenerator<string> {
    const { filter: f, zones } = await this.scope(user, q, false);
    yield csvLine(CONVERSION_HEADER);
    for (let before: { ts: number; id: string } | undefined; ; ) {
      const rows = await this.logs.conversionPage(f, { limit: this.exportChunk, before });
      const last = rows.at(-1);
      before = last && { ts: Number(last.ts), id: last.id };
      const overlaps = await this.overlapsOf(rows);
      for (const r of rows.map(toConversion)) {
        yield csvLine([
          isoInZone(zones.get(r.website_id) ?? 'UTC', Date.parse(r.created_at)),
          r.campaign_name ?? 'None',
          r.goal_name,
          r.value ?? 0,
          r.currency || 'USD',
          r.conversion_type,
          r.visitor_id,
          r.source,
          overlaps.get(r.id) ?? '',
        ]);
      }
      if (rows.length < this.exportChunk) return;
    }
  }

  /** The touchpoints behind a conversion, each with its credit under all eight models. */
  async path(user: CurrentUser, websiteId: string, conversionId: string): Promise<ConversionPath> {
    await this.access.website(user, websiteId, 'read');
    const [conversion, rows] = await Promise.all([
      this.logs.conversionCredit(websiteId, conversionId),
      this.reports.path(websiteId, conversionId),
    ]);
    if (!conversion) throw new NotFoundError('Conversion not found');
    const failed = conversion.state === CREDIT_STATE.failed;
    const issue = conversion.issue;
    if (rows.length === 0)
      return { conversionId, pending: !failed, touchpoints: [], creditedTo: null, failed, issue };
    const fallback = rows.find((r) => r.clickId === null);
    const major = (minor: PerModel): PerModel =>
      Object.fromEntries(
        attributionModels.map((m) => [m, fromMinorUnits(minor[m], conversion.currency)]),
      ) as PerModel;
    const touchpoints = rows.flatMap((r) =>
      r.clickId
        ? [
            {
              clickId: r.clickId,
              ts: new Date(r.ts ?? 0).toISOString(),
              campaignId: r.campaignId,
              campaignName: r.campaignName,
              channel: r.channel,
              source: r.source,
              landingPage: r.landingPage ?? '',
              credits: r.credits,
              values: major(r.valueMinor),
            },
          ]
        : [],
    );
    return {
      conversionId,
      pending: false,
      touchpoints,
      creditedTo: fallback
        ? { campaignId: fallback.campaignId, campaignName: fallback.campaignName, channel: fallback.channel }
        : null,
      failed,
      issue,
    };
  }
}
