import { type CampaignRef, sumMetrics, type TouchpointGroup, type VisitorGroup } from '@ocx/core';
import type { MetricsSnapshot } from '../services/campaigns/touchpoint-metrics.service';
import type { CurrentUser } from '../services/platform/access';
import type { StoredMembership, StoredOrganization } from '../storage/accounts/organization.repository';
import type { StoredCampaign } from '../storage/campaigns/campaign.repository';
import type { MemberWebsiteRow } from '../storage/websites/website.repository';

/** Rows as repositories answer them, for services tested with mocks (test/service-mocks.ts). */

export const alice: CurrentUser = { id: 'user-alice', email: 'alice@example.com', sessionId: 'session-a' };

const CREATED = '2024-03-01T10:00:00.000Z';

/** A website of alice's organization, alice its owner unless `member_role` says otherwise. */
export function websiteRow(changes: Partial<MemberWebsiteRow> = {}): MemberWebsiteRow {
  return {
    id: 'site-1',
    user_id: alice.id,
    organization_id: 'org-1',
    name: 'Shop',
    brand: 'Shop',
    root_domain: 'shop.example',
    attribution_model: 'last_touch',
    attribution_window: 30,
    config: '{}',
    postback_url: null,
    cookie_domain: '.shop.example',
    default_campaign_id: 'cmp-default',
    timezone: 'UTC',
    rollup_rebuilt_until: null,
    consent_mode: 'require',
    respect_dnt: 0,
    retention_months: 25,
    created_at: CREATED,
    updated_at: CREATED,
    member_role: 'owner',
    ...changes,
  };
}

/** alice's organization, on a trial unless told otherwise. */
export function storedOrganization(changes: Partial<StoredOrganization> = {}): StoredOrganization {
  return {
    id: 'org-1',
    name: 'Alice & Co',
    owner_user_id: alice.id,
    plan: 'trial',
    status: 'trialing',
    stripe_customer_id: null,
    current_period_end: null,
    cancel_at_period_end: 0,
    trial_ends_at: '2024-03-15T10:00:00.000Z',
    created_at: CREATED,
    updated_at: CREATED,
    stripe_subscription_id: null,
    billing_event_at: 0,
    ...changes,
  };
}

/** alice's organization with her role in it (owner unless told otherwise). */
export function storedMembership(changes: Partial<StoredMembership> = {}): StoredMembership {
  return { ...storedOrganization(), role: 'owner', ...changes };
}

export function storedCampaign(changes: Partial<StoredCampaign> = {}): StoredCampaign {
  return {
    id: 'cmp-1',
    websiteId: 'site-1',
    name: 'Spring Sale',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://shop.example/spring',
    utmParams: { source: 'google', campaign: 'spring-sale' },
    trackingParams: { ocxid: 'spr1ng' },
    ocxid: 'spr1ng',
    createdAt: CREATED,
    updatedAt: CREATED,
    ...changes,
  };
}

/** A click (count 1 unless told) as touchpoint groups hold it. */
export function touchpoint(changes: Partial<TouchpointGroup> = {}): TouchpointGroup {
  return {
    campaignId: null,
    clickIdType: null,
    utmSource: null,
    utmMedium: null,
    landingPage: 'https://shop.example/',
    count: 1,
    valueMinor: 0,
    currency: null,
    ...changes,
  };
}

/** A visitor who arrived through a click with these keys (converted unless told). */
export function visitorOf(visitorId: string, changes: Partial<VisitorGroup> = {}): VisitorGroup {
  return {
    campaignId: null,
    clickIdType: null,
    utmSource: null,
    utmMedium: null,
    landingPage: 'https://shop.example/',
    visitorId,
    converted: true,
    ...changes,
  };
}

/** What TouchpointMetricsService.snapshot answers for these clicks, credits and visitors, summed as it sums them. */
export function metricsSnapshot(
  clicks: TouchpointGroup[],
  credits: TouchpointGroup[] = [],
  campaigns: CampaignRef[] = [],
  visitors: VisitorGroup[] = [],
): MetricsSnapshot {
  return { campaigns, metrics: (matches) => sumMetrics(clicks, credits, visitors, matches) };
}
