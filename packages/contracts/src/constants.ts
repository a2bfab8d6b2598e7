/**
 * Plain constants of the contracts, without zod: the web app imports these (and messages) on its
 * first screens, so they must not pull the schema library into the browser's first load.
 */

/** How long a new token works; null: until revoked. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 365] as const;

/** The prefix that tells a personal access token from a website API key (`ocx_…`). */
export const API_TOKEN_PREFIX = 'ocx_pat_';

export const attributionModels = [
  'first_touch',
  'last_touch',
  'linear',
  'time_decay',
  'position_based',
  'u_shaped',
  'w_shaped',
  'custom_weight',
] as const;

/** The three models that split credit by (first, middle, last) weights, each with its own. */
export const positionalModels = ['position_based', 'u_shaped', 'w_shaped'] as const;

/** Spec §9 dashboard ranges: rolling windows ending now (docs/definitions.md#dashboard-figures); 1d is internal. */
export const dashboardRanges = ['1d', '7d', '30d', 'all'] as const;

export const trafficChannels = ['direct', 'organic', 'social', 'email', 'referral', 'paid'] as const;

/** The signed-in user's own rows per table (docs/decisions.md#differences-from-the-original-product-description: counts, never SQL from the browser). */
export const debugRowCountTables = [
  'websites',
  'goals',
  'campaigns',
  'networks',
  'sources',
  'landingPages',
  'templates',
  'funnels',
  'events',
  'visits',
  'clicks',
  'conversions',
  'credits',
  'apiKeys',
  'postbackDeliveries',
  'shareLinks',
] as const;

export const MAX_FUNNEL_STEPS = 20;

/** Spec §9 funnel periods: today (since 00:00 UTC), week (7 days), month (30 days), all. */
export const funnelPeriods = ['today', 'week', 'month', 'all'] as const;

export const goalTypes = ['pageview', 'click', 'event'] as const;

/** The macros a postback URL template may use. */
export const postbackMacros = [
  '{ocxid}',
  '{click_id}',
  '{gclid}',
  '{goal}',
  '{value}',
  '{currency}',
  '{conversion_id}',
] as const;

/** The prefix of a shared dashboard link's token (a capability: whoever has the link may read). */
export const SHARE_TOKEN_PREFIX = 'ocx_share_';

/**
 * Empty, or parts of letters, digits, hyphens and underscores (spec §5) with a slash between two
 * parts: `products/pour-over-kit` (docs/decisions.md#differences-from-the-original-product-description).
 */
export const LANDING_PATH_PATTERN = /^(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;

/** The longest landing-page path; the path field also takes the page's whole address, up to LANDING_INPUT_MAX. */
export const LANDING_PATH_MAX = 200;
export const LANDING_INPUT_MAX = 300;

/** The longest name of a network, traffic source, landing page or template. */
export const NAME_MAX = 100;

/** The longest campaign name, network, source and landing-page address of a campaign (ad platforms allow 255). */
export const CAMPAIGN_TEXT_MAX = 300;

/** The longest value of one UTM tag. */
export const UTM_VALUE_MAX = 200;

/** A custom parameter's longest name and value, and how many a campaign or template may have. */
export const CUSTOM_PARAM_NAME_MAX = 100;
export const CUSTOM_PARAM_VALUE_MAX = 500;
export const CUSTOM_PARAMS_MAX = 30;

/** The longest description of a source, landing page or template. */
export const DESCRIPTION_MAX = 500;

/** The message of a text over its limit. */
export const tooLong = (max: number) => `At most ${max} characters`;

export const templateCategories = ['platform', 'goal', 'product'] as const;
