import type { ScriptConfigInput } from '@ocx/contracts';

export const DEFAULT_WEBSITE_NAME = 'My Website';

const CAMPAIGN_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §9: 'c_' plus 7 random characters; the caller supplies the random bytes (core does no I/O). */
export function defaultCampaignId(randomBytes: Uint8Array): string {
  const chars = Array.from(
    randomBytes.slice(0, 7),
    (b) => CAMPAIGN_ID_ALPHABET[b % CAMPAIGN_ID_ALPHABET.length],
  );
  return `c_${chars.join('')}`;
}

export type StoredScriptConfig = Required<ScriptConfigInput>;

export function defaultScriptConfig(campaignId: string): StoredScriptConfig {
  return {
    defaultCampaignId: campaignId,
    regviewonce: false,
    crossDomainTracking: false,
    crossDomains: [],
    crossDeviceTracking: false,
    ipAnonymization: false,
    firstPartyTracking: false,
  };
}
