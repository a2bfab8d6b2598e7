import type { AttributionSettings } from '@ocx/contracts';
import {
  defaultScriptConfig,
  type StoredScriptConfig,
  type TrackedDomains,
  withModelWeights,
} from '@ocx/core';
import { parseJson } from '../../db/sql-values';
import type { WebsiteRow } from './website.repository';

/** What the website's `config` JSON column holds; model and window have their own columns. */
export interface StoredConfig {
  settings: AttributionSettings;
  scriptConfig: StoredScriptConfig;
}

/** The config column read with defaults for anything missing (settings older than a field too). */
export function readStoredConfig(row: WebsiteRow): StoredConfig {
  const stored = parseJson<Partial<StoredConfig>>(row.config, {});
  return {
    settings: withModelWeights(stored.settings ?? {}),
    scriptConfig: { ...defaultScriptConfig(row.default_campaign_id), ...stored.scriptConfig },
  };
}

/** The domains whose pages the tracker counts: the root domain, and the cross domains when that tracking is on. */
export function trackedDomains(row: WebsiteRow): TrackedDomains {
  const { scriptConfig } = readStoredConfig(row);
  return {
    rootDomain: row.root_domain,
    crossDomains: scriptConfig.crossDomainTracking ? scriptConfig.crossDomains : [],
  };
}
