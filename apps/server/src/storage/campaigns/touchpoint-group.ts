import type { TouchpointGroup, VisitorGroup } from '@ocx/core';

/** The keys a card groups clicks or credit by, as stored. */
export interface GroupKeys {
  campaign_id: string | null;
  click_id_type: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  landing_page: string | null;
}

/** A group for the cards: its keys and its figures (clicks, or credit and value credit). */
export const touchpointGroup = (
  r: GroupKeys,
  figures: Pick<TouchpointGroup, 'count' | 'valueMinor' | 'currency'>,
): TouchpointGroup => ({
  campaignId: r.campaign_id,
  clickIdType: r.click_id_type,
  utmSource: r.utm_source,
  utmMedium: r.utm_medium,
  landingPage: r.landing_page ?? '',
  ...figures,
});

/** A visitor's group for the cards' conversion rate, as stored. */
export const visitorGroup = (
  r: GroupKeys & { visitor_id: string; converted: number | string | boolean },
): VisitorGroup => ({
  campaignId: r.campaign_id,
  clickIdType: r.click_id_type,
  utmSource: r.utm_source,
  utmMedium: r.utm_medium,
  landingPage: r.landing_page ?? '',
  visitorId: r.visitor_id,
  converted: Number(r.converted) > 0,
});
