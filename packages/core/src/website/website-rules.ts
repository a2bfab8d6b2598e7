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

/**
 * The save rules of spec §5 in the order the configuration screen reports them; the first broken
 * rule's message, or null. `requireDomain` is off only when a website is first created from a name.
 */
export function websiteRuleError(changes: WebsiteChanges, requireDomain = true): string | null {
  if (changes.name !== undefined && changes.name.trim() === '') return messages.config.nameRequired;
  if (changes.rootDomain !== undefined) {
    const empty = normalizeRootDomain(changes.rootDomain) === '';
    if (empty ? requireDomain : !isValidRootDomain(changes.rootDomain)) return messages.config.invalidDomain;
  }
  if (changes.attribution) {
    const sum = weightSumError(changes.attribution);
    if (sum !== null) return messages.config.weightSum(sum);
  }
  if (changes.crossDomains?.some((d) => !isValidRootDomain(d))) return messages.config.crossDomain;
  if (changes.postbackUrl && !isHttpUrl(changes.postbackUrl)) return messages.config.postbackUrl;
  return null;
}

/** http(s), a host (a name or an address, IPv6 in brackets), no whitespace: what a postback receiver can be reached at. */
function isHttpUrl(value: string): boolean {
  return /^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d+)?([/?#]\S*)?$/i.test(value.trim());
}
