import { type Attribution, type AttributionModel, attributionModels } from '@ocx/contracts';
import { credits } from './models';

const DAY_MS = 86_400_000;

/** A click (session entrance) that may have led to a conversion. */
export interface Touchpoint {
  clickRowId: string;
  ts: number;
  campaignId: string | null;
  channel: string;
}

export interface CreditRow {
  model: AttributionModel;
  clickRowId: string | null;
  campaignId: string | null;
  channel: string;
  credit: number;
  valueCredit: number;
}

/**
 * DESIGN §7: the visitor's clicks within the window before the conversion, in time order; direct
 * clicks count only when the path has no other touchpoint.
 */
export function selectTouchpoints(
  clicks: Touchpoint[],
  conversionTs: number,
  windowDays: number,
): Touchpoint[] {
  const from = conversionTs - windowDays * DAY_MS;
  const inWindow = clicks
    .filter((c) => c.ts <= conversionTs && c.ts >= from)
    .sort((a, b) => a.ts - b.ts || a.clickRowId.localeCompare(b.clickRowId));
  const nonDirect = inWindow.filter((c) => c.channel !== 'direct');
  return nonDirect.length > 0 ? nonDirect : inWindow;
}

/** Who gets the credit of a conversion without touchpoints: direct, or a campaign known otherwise. */
export interface CreditFallback {
  campaignId: string | null;
  channel: string;
}

const DIRECT: CreditFallback = { campaignId: null, channel: 'direct' };

/**
 * Credit and value credit of every touchpoint under all eight models. No touchpoint → the fallback
 * gets 1: direct (DESIGN §7), or the campaign of a server-to-server conversion that named its ocxid.
 */
export function attribute(
  conversion: { ts: number; value: number | null },
  clicks: Touchpoint[],
  attribution: Pick<Attribution, 'window' | 'settings'>,
  fallback: CreditFallback = DIRECT,
): CreditRow[] {
  const path = selectTouchpoints(clicks, conversion.ts, attribution.window);
  const value = conversion.value ?? 0;
  return attributionModels.flatMap((model): CreditRow[] => {
    if (path.length === 0) {
      const { campaignId, channel } = fallback;
      return [{ model, clickRowId: null, campaignId, channel, credit: 1, valueCredit: value }];
    }
    const shares = credits(
      model,
      path.map((t) => t.ts),
      conversion.ts,
      attribution.settings,
    );
    return path.map((t, i) => {
      const credit = shares[i] ?? 0;
      return {
        model,
        clickRowId: t.clickRowId,
        campaignId: t.campaignId,
        channel: t.channel,
        credit,
        valueCredit: credit * value,
      };
    });
  });
}
