import { type Attribution, messages } from '@ocx/contracts';
import { weightSumError } from '../attribution/attribution-defaults';
import { isValidRootDomain, normalizeRootDomain } from './root-domain';

export interface WebsiteChanges {
  name?: string | undefined;
  rootDomain?: string | undefined;
  attribution?: Attribution | undefined;
  crossDomains?: string[] | undefined;
  postbackUrl?: string | null | undefined;
}

/** A broken save rule: its message, and the input it concerns (the contract's name) when it is one. */
export interface RuleRefusal {
  message: string;
  field?: string;
}

/**
 * The save rules of spec §5 in the order the configuration screen reports them; the first broken
 * rule, or null. `requireDomain` is off only when a website is first created from a name.
 */
export function websiteRuleRefusal(changes: WebsiteChanges, requireDomain = true): RuleRefusal | null {
  if (changes.name !== undefined && changes.name.trim() === '')
    return { message: messages.config.nameRequired, field: 'name' };
  if (changes.rootDomain !== undefined) {
    const empty = normalizeRootDomain(changes.rootDomain) === '';
    if (empty ? requireDomain : !isValidRootDomain(changes.rootDomain))
      return { message: messages.config.invalidDomain, field: 'rootDomain' };
  }
  if (changes.attribution) {
    // The weights are three inputs together: no one field.
    const sum = weightSumError(changes.attribution);
    if (sum !== null) return { message: messages.config.weightSum(sum) };
  }
  if (changes.crossDomains?.some((d) => !isValidRootDomain(d)))
    return { message: messages.config.crossDomain, field: 'scriptConfig.crossDomains' };
  if (changes.postbackUrl && !isHttpUrl(changes.postbackUrl))
    return { message: messages.config.postbackUrl, field: 'postbackUrl' };
  return null;
}

/** The first broken save rule's message, or null (websiteRuleRefusal). */
export const websiteRuleError = (changes: WebsiteChanges, requireDomain = true): string | null =>
  websiteRuleRefusal(changes, requireDomain)?.message ?? null;

/** http(s), a host (a name or an address, IPv6 in brackets), no whitespace: what a postback receiver can be reached at. */
function isHttpUrl(value: string): boolean {
  return /^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d+)?([/?#]\S*)?$/i.test(value.trim());
}
