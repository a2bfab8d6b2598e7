import type { AttributionModel } from '@ocx/contracts';
import type { TouchpointGroup, VisitorGroup } from '@ocx/core';

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
  /**
   * Who arrived through what: each visitor's clicks grouped as clickGroups, with whether the
   * visitor completed any goal. One row per visitor and group, for the cards' conversion rate.
   */
  visitorGroups(websiteId: string): Promise<VisitorGroup[]>;
  /** Credit and value credit under `model`, grouped as clickGroups and per currency. */
  creditGroups(websiteId: string, model: AttributionModel): Promise<TouchpointGroup[]>;
  /** Entrances on one landing page (its stored landing URLs) per UTC day, channel and campaign. */
  landingDays(websiteId: string, urls: string[]): Promise<LandingDayRow[]>;
  /** Credit under `model` to entrances on the page, per UTC day of the conversion and campaign. */
  landingCredits(websiteId: string, urls: string[], model: AttributionModel): Promise<LandingCreditRow[]>;
}
