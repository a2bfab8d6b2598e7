import type { BreakdownFilters, DashboardRange, FunnelPeriod, TemplateCategory } from '@ocx/contracts';
import type { DateRange, LogKind } from '../log-query';
import type { RangePreset } from '../report-range';

/**
 * Every query key of the app. A key that starts another is its prefix: invalidating
 * `workspace.all(id)` refreshes campaigns, networks, sources, landing pages and templates at once.
 */
export const queryKeys = {
  /** Kept when the rest of the cache is dropped on sign-in and sign-out (see auth/). */
  session: ['session'] as const,
  accountSessions: ['account-sessions'] as const,
  outbox: ['outbox'] as const,
  accountDeletion: ['account-deletion'] as const,
  apiTokens: ['api-tokens'] as const,
  apiTokenRevocation: ['api-tokens', 'revocation'] as const,
  authProviders: ['auth-providers'] as const,
  linkedAccounts: ['linked-accounts'] as const,
  websites: ['websites'] as const,
  /** Under `websites`: every change of a website or its goals reads it again. */
  goalOverlaps: (websiteId: string) => ['websites', websiteId, 'goal-overlaps'] as const,
  billing: {
    organizations: ['billing', 'organizations'] as const,
    overview: (organizationId: string) => ['billing', 'overview', organizationId] as const,
    invoices: (organizationId: string) => ['billing', 'invoices', organizationId] as const,
    members: (organizationId: string) => ['billing', 'members', organizationId] as const,
    invitations: (organizationId: string) => ['billing', 'invitations', organizationId] as const,
    invitation: (token: string) => ['billing', 'invitation', token] as const,
  },
  dashboard: (websiteId: string, range: DashboardRange, filters: BreakdownFilters = {}) =>
    ['dashboard', websiteId, range, filters] as const,
  dashboardPrevious: (websiteId: string, range: DashboardRange, filters: BreakdownFilters = {}) =>
    ['dashboard', websiteId, range, filters, 'previous'] as const,
  /** Every breakdown of a website is refreshed together (Refresh Data). */
  breakdown: {
    all: (websiteId: string) => ['breakdown', websiteId] as const,
  },
  attributionReport: {
    all: (websiteId: string) => ['attribution-report', websiteId] as const,
    range: (websiteId: string, preset: RangePreset) => ['attribution-report', websiteId, preset] as const,
  },
  /** `settings`: what the credits depend on; a change reads the status again at once. */
  /** The day rollups' rebuild for the website's zone; a new zone reads it again at once. */
  rollupStatus: (websiteId: string, timezone: string) => ['rollup-status', websiteId, timezone] as const,
  attributionStatus: (websiteId: string, settings: string) =>
    ['attribution-status', websiteId, settings] as const,
  apiKeys: (websiteId: string) => ['api-keys', websiteId] as const,
  visitorErasures: (websiteId: string) => ['visitor-erasures', websiteId] as const,
  shareLinks: (websiteId: string) => ['share-links', websiteId] as const,
  installation: (websiteId: string) => ['installation', websiteId] as const,
  /** A shared link's page (no account): whose dashboard, then the dashboard per range. */
  shared: {
    website: (token: string) => ['shared', token] as const,
    dashboard: (token: string, range: DashboardRange, filters: BreakdownFilters, access: string) =>
      ['shared', token, range, filters, access] as const,
    breakdowns: (token: string, access: string) => ['shared', token, 'breakdown', access] as const,
  },
  postbacks: (websiteId: string) => ['postbacks', websiteId] as const,
  recentEvents: (websiteId: string) => ['recent-events', websiteId] as const,
  adPlatforms: ['ad-platforms'] as const,
  debug: {
    database: ['debug', 'database'] as const,
    auth: ['debug', 'auth'] as const,
  },
  workspace: {
    all: (websiteId: string) => ['workspace', websiteId] as const,
    campaigns: (websiteId: string) => ['workspace', websiteId, 'campaigns'] as const,
    networks: (websiteId: string) => ['workspace', websiteId, 'networks'] as const,
    sources: (websiteId: string) => ['workspace', websiteId, 'sources'] as const,
    landingPages: (websiteId: string) => ['workspace', websiteId, 'landing-pages'] as const,
    landingPageStats: (websiteId: string, id: string) =>
      ['workspace', websiteId, 'landing-page-stats', id] as const,
    templates: (websiteId: string, filter: { category?: TemplateCategory; network?: string }) =>
      ['workspace', websiteId, 'templates', filter] as const,
  },
  funnels: {
    list: (websiteId: string) => ['funnels', 'list', websiteId] as const,
    /** A funnel's analytics and comparisons, refreshed together. */
    figures: (funnelId: string) => ['funnels', 'figures', funnelId] as const,
    analytics: (funnelId: string, period: FunnelPeriod) =>
      ['funnels', 'figures', funnelId, 'analytics', period] as const,
    compare: (funnelId: string, current: FunnelPeriod, previous: FunnelPeriod) =>
      ['funnels', 'figures', funnelId, 'compare', current, previous] as const,
  },
  logs: {
    /** Everything of one log (rows, filter values, paths) is refreshed together. */
    all: (kind: LogKind, websiteId: string) => ['logs', kind, websiteId] as const,
    rows: (kind: LogKind, websiteId: string, params: object) =>
      ['logs', kind, websiteId, 'rows', params] as const,
    facets: (kind: LogKind, websiteId: string, range: DateRange) =>
      ['logs', kind, websiteId, 'facets', range] as const,
    conversionPath: (websiteId: string, conversionId: string) =>
      ['logs', 'conversions', websiteId, 'path', conversionId] as const,
  },
};
