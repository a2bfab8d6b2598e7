import { type AttributionModel, attributionModels, type PerModel } from '@ocx/contracts';
import { DAY_MS } from '../durations';
import type { CreditSettings } from './attribution-defaults';
import { credits } from './models';
import { splitMinorUnits } from './money';

/**
 * At most this many touchpoints make a conversion's path: the first one and the most recent ones
 * (99). A visitor with thousands of entrances in the window would otherwise cost thousands of
 * credit rows per conversion; first touch and last touch stay exact, and the shares of the
 * other models follow the kept touchpoints.
 */
export const MAX_PATH_TOUCHPOINTS = 100;

/**
 * At most this many visitors share one user id (cross-device tracking): `identify` links beyond it
 * are not stored, and a conversion whose user id has more links (stored before the limit) is
 * credited on its own visitor's clicks. Anyone can send identify events to /api/collect, and a
 * path read over tens of thousands of linked visitors for every one of their conversions would
 * stall crediting; real people have a handful of devices.
 */
export const MAX_LINKED_VISITORS = 100;

/** A click (session entrance) that may have led to a conversion. */
export interface Touchpoint {
  clickRowId: string;
  ts: number;
  campaignId: string | null;
  channel: string;
}

/** One touchpoint's credit under all eight models. */
export interface TouchCredit {
  /** Place in the path, 0 for the first touchpoint. */
  position: number;
  clickRowId: string | null;
  campaignId: string | null;
  channel: string;
  /** The touchpoint's share of the conversion under each model (0..1). */
  credit: PerModel;
  /** Its share of the conversion's value under each model, in the currency's minor units. */
  value: PerModel;
}

/**
 * docs/definitions.md#touchpoints: the visitor's clicks within the window before the conversion, in time order; direct
 * clicks count only when the path has no other touchpoint; at most MAX_PATH_TOUCHPOINTS.
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
  const path = nonDirect.length > 0 ? nonDirect : inWindow;
  return path.length > MAX_PATH_TOUCHPOINTS
    ? [path[0] as Touchpoint, ...path.slice(path.length - (MAX_PATH_TOUCHPOINTS - 1))]
    : path;
}

/** Who gets the credit of a conversion without touchpoints: direct, or a campaign known otherwise. */
export interface CreditFallback {
  campaignId: string | null;
  channel: string;
}

export const DIRECT_FALLBACK: CreditFallback = { campaignId: null, channel: 'direct' };

const perModel = (value: (model: AttributionModel) => number): PerModel =>
  Object.fromEntries(attributionModels.map((m) => [m, value(m)])) as PerModel;

/**
 * Every touchpoint's credit and value credit under all eight models; the value is split in minor
 * units by the largest remainder, so under each model the parts add up to the value exactly. No
 * touchpoint → the fallback gets 1: direct (docs/definitions.md#conversions-without-touchpoints), or the campaign of a server-to-server
 * conversion that named its ocxid.
 */
export function attribute(
  conversion: { ts: number; valueMinor: number | null },
  clicks: Touchpoint[],
  version: Pick<CreditSettings, 'window' | 'settings'>,
  fallback: CreditFallback = DIRECT_FALLBACK,
): TouchCredit[] {
  const path = selectTouchpoints(clicks, conversion.ts, version.window);
  const value = conversion.valueMinor ?? 0;
  if (path.length === 0) {
    const { campaignId, channel } = fallback;
    return [
      {
        position: 0,
        clickRowId: null,
        campaignId,
        channel,
        credit: perModel(() => 1),
        value: perModel(() => value),
      },
    ];
  }
  const times = path.map((t) => t.ts);
  const byModel = new Map<AttributionModel, { credit: number[]; value: number[] }>();
  for (const model of attributionModels) {
    const credit = credits(model, times, conversion.ts, version.settings);
    byModel.set(model, { credit, value: splitMinorUnits(value, credit) });
  }
  return path.map((t, i) => ({
    position: i,
    clickRowId: t.clickRowId,
    campaignId: t.campaignId,
    channel: t.channel,
    credit: perModel((m) => byModel.get(m)?.credit[i] ?? 0),
    value: perModel((m) => byModel.get(m)?.value[i] ?? 0),
  }));
}
