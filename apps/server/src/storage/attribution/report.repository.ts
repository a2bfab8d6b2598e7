import type { AttributionModel, PerModel } from '@ocx/contracts';

export interface CreditSum {
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  /** The conversions' currency: value credit in different currencies is summed apart. */
  currency: string;
  /** Sums of credit per model (fractional conversions); models not asked for are absent. */
  conversions: Partial<PerModel>;
  /** Sums of value credit per model in the currency's minor units. */
  valueMinor: Partial<PerModel>;
}

export interface PathRow {
  position: number;
  clickId: string | null;
  ts: number | null;
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  source: string | null;
  landingPage: string | null;
  currency: string;
  credits: PerModel;
  valueMinor: PerModel;
}

export interface VisitCounts {
  visits: number;
  /** The visits of hash visitors (no consent). */
  withoutConsent: number;
}

/**
 * Credit-based figures, always of the website's active attribution version: report.sql.ts reads
 * the SQL database, report.clickhouse.ts ClickHouse's copies; report.contract.ts holds both to the
 * same answers.
 */
export interface ReportRepository {
  /**
   * Visits (session entrances) in [from, to] and those of hash visitors (no consent): what the
   * report could not attribute across days.
   */
  visitCounts(websiteId: string, from: number, to: number): Promise<VisitCounts>;
  /**
   * Sums of credit and value credit per campaign, channel and currency under each of `models`
   * (every model when not given), conversions in [from, to].
   */
  creditSums(
    websiteId: string,
    from: number,
    to: number,
    models?: readonly AttributionModel[],
  ): Promise<CreditSum[]>;
  /** The touchpoints of one conversion in path order with each model's credit and value credit. */
  path(websiteId: string, conversionId: string): Promise<PathRow[]>;
}
