/** The breakdowns' dimensions and filters without zod: the dashboard's panels import these. */

/** docs/definitions.md#breakdowns-and-filters breakdown dimensions; `prop:<key>` (custom event properties) comes on top. */
export const breakdownDimensions = [
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'screen',
  'entry_page',
  'exit_page',
  'page',
  'referrer',
  'channel',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'campaign',
  'goal',
  // Beyond docs/definitions.md#breakdowns-and-filters: the keys of custom event properties, to offer their prop:<key> breakdowns.
  'prop_key',
] as const;
export type NamedBreakdownDimension = (typeof breakdownDimensions)[number];
/** A named dimension, or `prop:<key>` for the values of a custom event property. */
export type BreakdownDimension = NamedBreakdownDimension | `prop:${string}`;

/** A property key as the collect endpoint takes it (at most 100 characters), without quotes or backslashes. */
const PROP_DIMENSION = /^prop:[^"\\]{1,100}$/;
export const isBreakdownDimension = (value: string): value is BreakdownDimension =>
  (breakdownDimensions as readonly string[]).includes(value) || PROP_DIMENSION.test(value);

export const BREAKDOWN_DIMENSION_MESSAGE = `dimension must be one of ${breakdownDimensions.join(', ')}, prop:<key>`;

/**
 * Filters every breakdown (and later the dashboard) narrows by: a session counts when it matches
 * all of them. Their query-parameter names are the dimensions' names.
 */
export const breakdownFilterKeys = [
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'screen',
  'page',
  'entry_page',
  'exit_page',
  'referrer',
  'channel',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'campaign',
  'goal',
] as const;
export type BreakdownFilterKey = (typeof breakdownFilterKeys)[number];
export type BreakdownFilters = Partial<Record<BreakdownFilterKey, string>>;

export const MAX_BREAKDOWN_ROWS = 1000;
