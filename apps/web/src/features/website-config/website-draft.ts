import {
  type Attribution,
  type ConsentMode,
  DEFAULT_RETENTION_MONTHS,
  messages,
  type Website,
  WebsitePatch,
} from '@ocx/contracts';
import {
  DEFAULT_WEBSITE_NAME,
  defaultAttribution,
  isValidRootDomain,
  websiteRuleError,
  weightSumError,
} from '@ocx/core';
import { browserTimeZone } from '../../components/time-zone';

export interface ScriptOptions {
  regviewonce: boolean;
  crossDomainTracking: boolean;
  crossDomains: string[];
  crossDeviceTracking: boolean;
  ipAnonymization: boolean;
  firstPartyTracking: boolean;
}

export interface PrivacyDraft {
  consentMode: ConsentMode;
  respectDnt: boolean;
  /** NaN while the field is cleared, so its range message shows instead of a silent 0. */
  retentionMonths: number;
}

/**
 * Everything the configuration page edits, saved together by one PATCH (POST for a first website):
 * until then it is a draft, which Reset discards.
 */
export interface WebsiteDraft {
  name: string;
  brand: string;
  rootDomain: string;
  /** IANA name: the days of the website's reports (docs/definitions.md#time-zone). */
  timezone: string;
  attribution: Attribution;
  script: ScriptOptions;
  privacy: PrivacyDraft;
  /** Called on every conversion with its macros filled in; empty = no postback. */
  postbackUrl: string;
}

/** A cleared number field becomes NaN so its range message shows instead of a silent 0. */
export const toNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

export function defaultScriptOptions(): ScriptOptions {
  return {
    regviewonce: false,
    crossDomainTracking: false,
    crossDomains: [],
    crossDeviceTracking: false,
    ipAnonymization: true,
    firstPartyTracking: false,
  };
}

export function draftFrom(website: Website | null): WebsiteDraft {
  if (!website) {
    return {
      name: DEFAULT_WEBSITE_NAME,
      // Empty until its owner names one: a made-up brand would show as theirs.
      brand: '',
      rootDomain: '',
      timezone: browserTimeZone(),
      attribution: defaultAttribution(),
      script: defaultScriptOptions(),
      // docs/privacy.md#the-two-consent-modes: a new website waits for consent.
      privacy: { consentMode: 'require', respectDnt: false, retentionMonths: DEFAULT_RETENTION_MONTHS },
      postbackUrl: '',
    };
  }
  const {
    regviewonce,
    crossDomainTracking,
    crossDomains,
    crossDeviceTracking,
    ipAnonymization,
    firstPartyTracking,
  } = website.scriptConfig;
  return {
    name: website.name,
    brand: website.brand,
    rootDomain: website.rootDomain,
    timezone: website.timezone,
    attribution: website.attribution,
    script: {
      regviewonce,
      crossDomainTracking,
      crossDomains,
      crossDeviceTracking,
      ipAnonymization,
      firstPartyTracking,
    },
    privacy: { ...website.privacy },
    postbackUrl: website.postbackUrl ?? '',
  };
}

export function draftToInput(draft: WebsiteDraft) {
  return {
    name: draft.name.trim(),
    brand: draft.brand.trim(),
    rootDomain: draft.rootDomain.trim(),
    timezone: draft.timezone,
    attribution: draft.attribution,
    scriptConfig: draft.script,
    privacy: draft.privacy,
    postbackUrl: draft.postbackUrl.trim() || null,
  };
}

/** Where the weight-sum message shows (under the weights): it belongs to no single field. */
export const WEIGHT_SUM = 'weightSum';

/** The contract names the script options `scriptConfig`; the draft `script`. */
const formPath = (path: PropertyKey[]) =>
  path.map((part, i) => (i === 0 && part === 'scriptConfig' ? 'script' : String(part))).join('.');

/**
 * Every invalid field of the draft with its message, at once: the contract's limits (lengths,
 * ranges) and the save rules the server applies (spec §5). `host` fills the domain example.
 */
export function draftErrors(draft: WebsiteDraft, host: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const mark = (path: string, message: string | null | undefined) => {
    if (message && !errors[path]) errors[path] = message;
  };
  if (!draft.name.trim()) mark('name', messages.config.nameRequired);
  if (!draft.rootDomain.trim()) mark('rootDomain', messages.config.invalidDomain);
  else if (!isValidRootDomain(draft.rootDomain))
    mark('rootDomain', messages.config.invalidDomainExample(host));
  for (const issue of WebsitePatch.safeParse(draftToInput(draft)).error?.issues ?? [])
    mark(formPath(issue.path), issue.message);
  const sum = weightSumError(draft.attribution);
  if (sum !== null) mark(WEIGHT_SUM, messages.config.weightSum(sum));
  mark('script.crossDomains', websiteRuleError({ crossDomains: draft.script.crossDomains }));
  mark('postbackUrl', websiteRuleError({ postbackUrl: draft.postbackUrl.trim() }));
  return errors;
}

/** The screen's order: the message above the form is the first of these a draft breaks. */
const SCREEN_ORDER = [
  'rootDomain',
  'name',
  'brand',
  'timezone',
  'attribution.window',
  'attribution.settings.decayParameter',
  'attribution.settings.firstWeight',
  'attribution.settings.middleWeight',
  'attribution.settings.lastWeight',
  'attribution.settings.customWeights',
  WEIGHT_SUM,
  'script.crossDomains',
  'privacy.retentionMonths',
  'postbackUrl',
];

/** The one message above the form for a draft with `errors` (spec §5's words), or null. */
export function draftError(errors: Record<string, unknown>): string | null {
  const paths = Object.keys(errors).filter((path) => typeof errors[path] === 'string');
  if (paths.length === 0) return null;
  const rank = (path: string) => {
    const i = SCREEN_ORDER.findIndex((p) => path === p || path.startsWith(`${p}.`));
    return i === -1 ? SCREEN_ORDER.length : i;
  };
  const first = [...paths].sort((a, b) => rank(a) - rank(b))[0] as string;
  // A malformed domain is said at the field with an example; the save is refused in the spec's words.
  if (first === 'rootDomain' && errors.rootDomain !== messages.config.invalidDomain)
    return messages.config.fixDomain;
  return errors[first] as string;
}

/** The message above the form: the first broken rule, and how many other fields are marked. */
export function draftBanner(errors: Record<string, unknown>): string | null {
  const first = draftError(errors);
  const others = Object.keys(errors).filter((path) => typeof errors[path] === 'string').length - 1;
  if (!first || others <= 0) return first;
  return `${first} (and ${others} more ${others === 1 ? 'field' : 'fields'} marked below)`;
}
