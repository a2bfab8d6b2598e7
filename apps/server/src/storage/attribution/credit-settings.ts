import { type CreditSettings, withModelWeights } from '@ocx/core';

/** Stored settings of a version, read as credits use them (older versions had one shared triple). */
export function readCreditSettings(json: string): CreditSettings {
  const stored = JSON.parse(json) as Partial<CreditSettings> & { settings?: CreditSettings['settings'] };
  return {
    window: Number(stored.window ?? 90),
    settings: withModelWeights(stored.settings ?? {}),
    crossDevice: stored.crossDevice === true,
  };
}
