import type { AttributionModel } from '@ocx/contracts';
import type { TouchpointGroup } from '@ocx/core';

export interface LandingDayRow {
  day: number;
  channel: string;
  campaignId: string | null;
  visits: number;
}

export interface LandingCreditRow {
  day: number;
  campaignId: string | null;
  conversions: number;
}

/**
 * Clicks (session entrances) and their credit under one model of the active attribution version,
 * grouped for the network, source and landing-page cards and the landing-page statistics:
 * touchpoint.sql.ts reads the SQL database, touchpoint.clickhouse.ts ClickHouse's copies;
 * touchpoint.contract.ts holds both to the same answers.
 */
export interface TouchpointRepository {
  /** The website's clicks per campaign, click-id type, UTM source and medium and landing page. */
  clickGroups(websiteId: string): Promise<TouchpointGroup[]>;
  /** Credit and value credit under `model`, grouped as clickGroups and per currency. */
  creditGroups(websiteId: string, model: AttributionModel): Promise<TouchpointGroup[]>;
  /** Entrances on one landing page (its stored landing URLs) per UTC day, channel and campaign. */
  landingDays(websiteId: string, urls: string[]): Promise<LandingDayRow[]>;
  /** Distinct visitors who entered on one landing page (its stored landing URLs). */
  landingVisitors(websiteId: string, urls: string[]): Promise<number>;
  /** Credit under `model` to entrances on the page, per UTC day of the conversion and campaign. */
  landingCredits(websiteId: string, urls: string[], model: AttributionModel): Promise<LandingCreditRow[]>;
}
