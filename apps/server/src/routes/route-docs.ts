import {
  AccountDeletionPreview,
  AuthProviders,
  CollectBody,
  DevOutbox,
  Goal,
  GoalOverlap,
  Health,
  Me,
  S2SConversion,
  Website,
} from '@ocx/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../plugins/route-doc';
import { billingDocs } from './billing/billing.route-docs';
import { campaignDocs } from './campaigns/campaigns.route-docs';
import { costDocs } from './costs/costs.route-docs';
import { PixelQuery } from './ingest/collect.route';
import { ConfigQuery } from './ingest/tracker.route';
import { privacyDocs } from './privacy/privacy.route-docs';

const AUTH_ENDPOINTS = [
  'POST sign-up/email',
  'POST sign-in/email',
  'POST sign-out',
  'GET get-session',
  'POST request-password-reset, POST reset-password (by mailed link)',
  'POST email-otp/send-verification-otp (type sign-in) and POST sign-in/email-otp, POST sign-in/magic-link, GET magic-link/verify',
  'POST two-factor/* (enable, verify-totp, backup codes)',
  'GET token (a short-lived JWT)',
  'POST sign-in/social and GET callback/{google|oidc} (Google and OIDC sign-in with PKCE)',
  'GET list-accounts, POST link-social, POST unlink-account (connected accounts)',
];

/** Every route's documentation, keyed `METHOD url` as Fastify registers it (methods joined by commas). */
export function routeDocs(paths: { collectPath: string; scriptPath: string }): Record<string, RouteDoc> {
  const { collectPath, scriptPath } = paths;
  return {
    // One route for both methods, so one entry (Fastify registers it as method ['GET', 'POST']).
    'GET,POST /api/auth/*': {
      tag: 'Auth',
      access: 'public',
      summary: 'better-auth endpoints (one catch-all route)',
      description:
        'Every path under /api/auth is served by better-auth through one catch-all route, documented here ' +
        `as one entry. The main endpoints: ${AUTH_ENDPOINTS.join('; ')}.`,
      status: 200,
      errors: [400, 401, 403, 404, 429],
    },
    'GET /.well-known/jwks.json': {
      tag: 'Auth',
      access: 'public',
      summary: 'The public keys of the JWTs from GET /api/auth/token',
    },
    'GET /api/health': {
      tag: 'Meta',
      access: 'public',
      summary: 'Health: 200 ok or 503 degraded; details with HEALTH_TOKEN or an OCX_ADMIN_EMAILS session',
      response: Health,
    },
    'GET /api/auth-providers': {
      tag: 'Auth',
      access: 'public',
      summary: 'The configured Google and OIDC sign-in providers (the login page shows a button for each)',
      response: AuthProviders,
    },
    'GET /api/openapi.json': { tag: 'Meta', access: 'public', summary: 'This OpenAPI 3.1 document' },
    [`OPTIONS ${collectPath}`]: {
      tag: 'Tracking',
      access: 'public',
      summary: 'CORS preflight of the collect endpoint',
      status: 204,
    },
    [`OPTIONS ${collectPath}/config`]: {
      tag: 'Tracking',
      access: 'public',
      summary: 'CORS preflight of the tracker configuration',
      status: 204,
    },
    [`POST ${collectPath}`]: {
      tag: 'Tracking',
      access: 'public',
      summary: 'Collect tracker events',
      description:
        'Open to every origin; the body may be sent as text/plain JSON (no preflight). Answers after the ' +
        'accepted events are committed, with the index and reason of each dropped one.',
      status: 202,
      body: CollectBody,
      errors: [413, 429],
    },
    [`GET ${collectPath}`]: {
      tag: 'Tracking',
      access: 'public',
      summary: 'No-JS pixel: records a pageview, answers a 1×1 GIF',
      querystring: PixelQuery,
      contentType: 'image/gif',
      errors: [429],
    },
    [`GET ${scriptPath}`]: {
      tag: 'Tracking',
      access: 'public',
      summary: 'The tracker script (cached an hour, ETag, brotli or gzip; 503 until it is built)',
      contentType: 'application/javascript',
    },
    [`GET ${collectPath}/x.js`]: {
      tag: 'Tracking',
      access: 'public',
      summary:
        "The tracker's extras (click selectors, cross-domain links), loaded only for websites that have them",
      contentType: 'application/javascript',
    },
    [`GET ${collectPath}/config`]: {
      tag: 'Tracking',
      access: 'public',
      summary:
        "A website's public tracker configuration (cn 0 when the request carries Sec-GPC, or DNT for a website that respects it)",
      querystring: ConfigQuery,
    },
    'POST /api/v1/conversions': {
      tag: 'Tracking',
      access: 'websiteKey',
      summary: 'Record a server-to-server conversion (200 with the stored one for a repeated dedupeKey)',
      body: S2SConversion,
    },
    ...accountDocs,
    ...websiteDocs,
    ...campaignDocs,
    ...analyticsDocs,
    ...billingDocs,
    ...privacyDocs,
    ...costDocs,
  };
}

const accountDocs: Record<string, RouteDoc> = {
  'GET /api/me': { tag: 'Account', summary: 'The signed-in user and their organization', response: Me },
  'GET /api/account/sessions': { tag: 'Account', summary: 'Active sessions with device and last use' },
  'DELETE /api/account/sessions/:id': { tag: 'Account', summary: 'Sign a session out' },
  'GET /api/account/outbox': {
    tag: 'Account',
    summary: "Without SMTP: the signed-in user's own mails kept on the server, with their text and links",
    response: DevOutbox,
  },
  'GET /api/account/deletion': {
    tag: 'Account',
    summary: 'What deleting the account would delete, leave and hand over, organization by organization',
    response: AccountDeletionPreview,
  },
  'POST /api/account/delete': {
    tag: 'Account',
    summary: 'Delete the account (password confirmation) and the organizations only its user makes up',
    description:
      'Organizations the user alone owns with other members are refused (400) unless transferOwnership passes them to their longest-standing admin. A live Stripe subscription is cancelled first; 409 when Stripe refuses, nothing deleted.',
    status: 204,
    errors: [409],
  },
  'GET /api/account/tokens': { tag: 'Account', summary: 'Personal access tokens (without secrets)' },
  'POST /api/account/tokens': {
    tag: 'Account',
    summary: 'Create a read-only personal access token (shown once)',
  },
  'DELETE /api/account/tokens/:id': { tag: 'Account', summary: 'Revoke a personal access token' },
  'GET /api/account/tokens/revocation': {
    tag: 'Account',
    summary: 'When and why all tokens were last revoked (password reset, second factor enrolled or removed)',
  },
  'GET /api/debug/database': {
    tag: 'Debug',
    summary: "The user's row counts; server health and migrations for OCX_ADMIN_EMAILS operators",
  },
  'GET /api/debug/auth': { tag: 'Debug', summary: 'Auth configuration and the current session' },
  'POST /api/debug/auth/sign-in-test': {
    tag: 'Debug',
    summary: 'Check credentials without signing in (limited per client and per tested address)',
    status: 200,
    errors: [429],
  },
};

const websiteDocs: Record<string, RouteDoc> = {
  'GET /api/websites': { tag: 'Websites', summary: 'Your websites', response: z.array(Website) },
  'POST /api/websites': { tag: 'Websites', summary: 'Create a website', response: Website },
  'GET /api/websites/:id': { tag: 'Websites', summary: 'A website', response: Website },
  'PATCH /api/websites/:id': {
    tag: 'Websites',
    summary: 'Change a website (name, domains, attribution, script, postback, time zone, privacy)',
    response: Website,
  },
  'DELETE /api/websites/:id': { tag: 'Websites', summary: 'Delete a website and its data' },
  'GET /api/websites/:id/goals': { tag: 'Goals', summary: "A website's goals", response: z.array(Goal) },
  'POST /api/websites/:id/goals': { tag: 'Goals', summary: 'Add a goal', response: Goal },
  'PATCH /api/websites/:id/goals/:goalId': {
    tag: 'Goals',
    summary: 'Change a goal',
    description:
      'Any of name, type, conditions and value; a new type needs its condition. A goal matching the same ' +
      'thing as another goal of the website (same type and page path, selector or event name) is refused with 409.',
    response: Goal,
  },
  'DELETE /api/websites/:id/goals/:goalId': { tag: 'Goals', summary: 'Remove a goal' },
  'GET /api/websites/:id/goal-overlaps': {
    tag: 'Goals',
    summary: 'Valued goals that count the same sale twice',
    description:
      'Pairs of goals whose valued conversions came from one visitor within 30 minutes in the last 90 days, ' +
      'since either goal last changed, with how many times (docs/definitions.md#valued-goals-that-overlap).',
    response: z.array(GoalOverlap),
  },
  'POST /api/websites/:id/test-event': {
    tag: 'Event test',
    summary:
      'Run a test event through the pipeline: why it would be dropped, or stored apart as a test (counted in no report)',
    status: 200,
  },
  'GET /api/websites/:id/events': {
    tag: 'Event test',
    summary: "The website's latest events and test events (test: true), newest first",
  },
  'GET /api/websites/:id/installation': {
    tag: 'Event test',
    summary: "First run: the website's newest event and the latest refusal of its events",
  },
  'POST /api/websites/:id/installation/check': {
    tag: 'Event test',
    summary: 'First run: open a page of the website and name why no event arrives (10 a minute)',
    status: 200,
    errors: [429],
  },
  'GET /api/websites/:id/api-keys': { tag: 'Integrations', summary: 'Website API keys (without secrets)' },
  'POST /api/websites/:id/api-keys': {
    tag: 'Integrations',
    summary: 'Create a website API key (shown once)',
  },
  'DELETE /api/websites/:id/api-keys/:keyId': { tag: 'Integrations', summary: 'Revoke a website API key' },
  'GET /api/websites/:id/postbacks': { tag: 'Integrations', summary: 'Postback deliveries and their state' },
  'GET /api/websites/:id/attribution-status': {
    tag: 'Integrations',
    summary: 'Conversions not yet credited, and why',
  },
};

const analyticsDocs: Record<string, RouteDoc> = {
  'GET /api/analytics/dashboard': {
    tag: 'Reports',
    summary:
      'Every dashboard panel for a range, under the dashboard filters (the sessions that match them all)',
  },
  'GET /api/websites/:id/rollups': {
    tag: 'Reports',
    summary: "Whether the daily figures are being rebuilt for the website's new time zone, and how far",
  },
  'GET /api/analytics/dashboard/previous': {
    tag: 'Reports',
    summary:
      "The cards' figures for the previous period (as long as the range, ending where it starts); null for all",
  },
  'GET /api/analytics/breakdown': {
    tag: 'Reports',
    summary: 'Visitors, pageviews and conversions per value of one dimension, under the dashboard filters',
    description:
      'Dimensions: country, region, city, device, browser, os, screen, entry_page, exit_page, page, referrer, channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign, goal, prop_key (the keys of custom event properties) and prop:<key>. Filters (query parameters named after a dimension) narrow to the sessions that match all of them. With GEO_LOCATION=country, region and city answer one unknown row.',
  },
  'GET /api/websites/:id/shares': {
    tag: 'Shared dashboards',
    summary: "A website's shared links (without tokens)",
  },
  'POST /api/websites/:id/shares': {
    tag: 'Shared dashboards',
    summary: 'Create a read-only link to the dashboard, optionally with a password (the link is shown once)',
  },
  'DELETE /api/websites/:id/shares/:shareId': { tag: 'Shared dashboards', summary: 'Revoke a shared link' },
  'GET /api/share/:token': {
    tag: 'Shared dashboards',
    access: 'public',
    summary: 'Whose dashboard a shared link shows, and whether it needs a password',
  },
  'POST /api/share/:token/unlock': {
    tag: 'Shared dashboards',
    access: 'public',
    status: 200,
    summary: "Check a shared link's password; the answer's proof goes back as x-share-access",
    errors: [403, 429],
  },
  'GET /api/share/:token/dashboard': {
    tag: 'Shared dashboards',
    access: 'public',
    summary:
      'The shared dashboard for a range and the dashboard filters (x-share-access for a password-protected link)',
    errors: [403],
  },
  'GET /api/share/:token/breakdown': {
    tag: 'Shared dashboards',
    access: 'public',
    summary: 'A breakdown of the shared dashboard (as /api/analytics/breakdown, without websiteId)',
    errors: [403],
  },
  'GET /api/reports/attribution': { tag: 'Reports', summary: 'All eight attribution models side by side' },
  'GET /api/clicks': { tag: 'Logs', summary: 'Clicks Log (total in X-Total-Count)' },
  'GET /api/conversions': { tag: 'Logs', summary: 'Conversions Log (total in X-Total-Count)' },
  'GET /api/clicks/facets': { tag: 'Logs', summary: 'Filter values of the Clicks Log' },
  'GET /api/conversions/facets': { tag: 'Logs', summary: 'Filter values of the Conversions Log' },
  'GET /api/clicks/export': { tag: 'Logs', summary: 'Clicks as CSV (streamed)', contentType: 'text/csv' },
  'GET /api/conversions/export': {
    tag: 'Logs',
    summary: 'Conversions as CSV (streamed)',
    contentType: 'text/csv',
  },
  'GET /api/conversions/:conversionId/path': {
    tag: 'Logs',
    summary: "A conversion's touchpoints and their credit under each model",
  },
  'GET /api/funnels': { tag: 'Funnels', summary: "A website's funnels" },
  'POST /api/funnels': { tag: 'Funnels', summary: 'Create a funnel' },
  'GET /api/funnels/analytics/compare': { tag: 'Funnels', summary: 'Compare funnels over a period' },
  'GET /api/funnels/analytics/:id': {
    tag: 'Funnels',
    summary: "A funnel's steps, drop-offs and time to convert",
  },
  'GET /api/funnels/:id': { tag: 'Funnels', summary: 'A funnel' },
  'PUT /api/funnels/:id': { tag: 'Funnels', summary: 'Replace a funnel' },
  'DELETE /api/funnels/:id': { tag: 'Funnels', summary: 'Delete a funnel' },
};
