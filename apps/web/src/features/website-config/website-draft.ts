import { Attribution, messages, type Website } from '@ocx/contracts';
import {
  DEFAULT_WEBSITE_NAME,
  defaultAttribution,
  isValidRootDomain,
  websiteRuleError,
} from '@ocx/core';

export interface ScriptOptions {
  regviewonce: boolean;
  crossDomainTracking: boolean;
  crossDomains: string[];
  crossDeviceTracking: boolean;
  ipAnonymization: boolean;
  firstPartyTracking: boolean;
}

/** What the configuration form edits; saved through PATCH (or POST for a first website). */
export interface WebsiteDraft {
  name: string;
  brand: string;
  rootDomain: string;
  attribution: Attribution;
  script: ScriptOptions;
  /** Called on every conversion with its macros filled in; empty = no postback. */
  postbackUrl: string;
}

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
      brand: '',
      rootDomain: '',
      attribution: defaultAttribution(),
      script: defaultScriptOptions(),
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
    attribution: website.attribution,
    script: {
      regviewonce,
      crossDomainTracking,
      crossDomains,
      crossDeviceTracking,
      ipAnonymization,
      firstPartyTracking,
    },
    postbackUrl: website.postbackUrl ?? '',
  };
}

/** The inline message under Root Domain while it is typed. */
export function domainFieldError(rootDomain: string, host: string): string | null {
  return rootDomain.trim() && !isValidRootDomain(rootDomain)
    ? messages.config.invalidDomainExample(host)
    : null;
}

/** Spec §5 save checks, in the screen's order; the same rules the server applies. */
export function draftError(draft: WebsiteDraft): string | null {
  if (draft.rootDomain.trim() && !isValidRootDomain(draft.rootDomain)) return messages.config.fixDomain;
  const basic = websiteRuleError({ name: draft.name, rootDomain: draft.rootDomain });
  if (basic) return basic;
  const parsed = Attribution.safeParse(draft.attribution);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.common.unexpected;
  return websiteRuleError({
    attribution: parsed.data,
    crossDomains: draft.script.crossDomains,
    postbackUrl: draft.postbackUrl.trim(),
  });
}

export function draftToInput(draft: WebsiteDraft) {
  return {
    name: draft.name.trim(),
    brand: draft.brand.trim(),
    rootDomain: draft.rootDomain.trim(),
    attribution: draft.attribution,
    scriptConfig: draft.script,
    postbackUrl: draft.postbackUrl.trim() || null,
  };
}
