import {
  type AttributionModel,
  attributionModels,
  type SpendModelFigures,
  type SpendReport,
  type SpendRow,
} from '@ocx/contracts';
import { addMinor, type MinorAmounts, majorAmounts } from '../attribution/amounts';
import { spendFigures } from './spend-figures';

/** A campaign's spend in one currency over the report's days. */
export interface CampaignCostSum {
  campaignId: string;
  currency: string;
  minor: number;
}

/** A campaign's credit in one currency under each model (conversions and value in minor units). */
export interface CampaignCreditSum {
  campaignId: string;
  currency: string;
  conversions: Partial<Record<AttributionModel, number>>;
  valueMinor: Partial<Record<AttributionModel, number>>;
}

export interface SpendCampaign {
  id: string;
  name: string;
  network: string;
  source: string;
}

interface Tally {
  cost: MinorAmounts;
  conversions: Record<AttributionModel, number>;
  value: Record<AttributionModel, MinorAmounts>;
}

const tally = (): Tally => ({
  cost: {},
  conversions: Object.fromEntries(attributionModels.map((m) => [m, 0])) as Record<AttributionModel, number>,
  value: Object.fromEntries(attributionModels.map((m) => [m, {}])) as Record<AttributionModel, MinorAmounts>,
});

function merge(into: Tally, from: Tally): void {
  for (const [c, minor] of Object.entries(from.cost)) addMinor(into.cost, c, minor);
  for (const m of attributionModels) {
    into.conversions[m] += from.conversions[m];
    for (const [c, minor] of Object.entries(from.value[m])) addMinor(into.value[m], c, minor);
  }
}

function row(
  key: string,
  label: string,
  fields: Omit<SpendRow, 'key' | 'label' | 'cost' | 'models'>,
  t: Tally,
): SpendRow {
  const models = Object.fromEntries(
    attributionModels.map((m): [AttributionModel, SpendModelFigures] => [
      m,
      {
        ...spendFigures(t.cost, t.conversions[m], t.value[m]),
        conversions: t.conversions[m],
        value: majorAmounts(t.value[m]),
      },
    ]),
  ) as Record<AttributionModel, SpendModelFigures>;
  return { key, label, ...fields, cost: majorAmounts(t.cost), models };
}

const hasSpend = (t: Tally) => Object.values(t.cost).some((v) => v !== 0);

/**
 * Spend beside credit per campaign, per network and per network + source (a campaign's network and
 * source). Rows are the campaigns with spend in the range; networks and sources add up their
 * campaigns. Sorted by the largest cost in any currency, then by name.
 */
export function buildSpendReport(
  campaigns: readonly SpendCampaign[],
  costs: readonly CampaignCostSum[],
  credits: readonly CampaignCreditSum[],
): SpendReport {
  const byCampaign = new Map<string, Tally>();
  const of = (id: string) => {
    const t = byCampaign.get(id) ?? tally();
    byCampaign.set(id, t);
    return t;
  };
  for (const c of costs) addMinor(of(c.campaignId).cost, c.currency, c.minor);
  for (const c of credits) {
    if (!byCampaign.has(c.campaignId)) continue;
    const t = of(c.campaignId);
    for (const m of attributionModels) {
      t.conversions[m] += c.conversions[m] ?? 0;
      addMinor(t.value[m], c.currency, c.valueMinor[m] ?? 0);
    }
  }
  const rows: SpendRow[] = [];
  const networks = new Map<string, Tally>();
  const sources = new Map<string, { network: string; source: string; t: Tally }>();
  for (const c of campaigns) {
    const t = byCampaign.get(c.id);
    if (!t || !hasSpend(t)) continue;
    rows.push(row(c.id, c.name, { campaignId: c.id, network: c.network, source: c.source }, t));
    const n = networks.get(c.network) ?? tally();
    merge(n, t);
    networks.set(c.network, n);
    const sourceKey = `${c.network}\u0000${c.source}`;
    const s = sources.get(sourceKey) ?? { network: c.network, source: c.source, t: tally() };
    merge(s.t, t);
    sources.set(sourceKey, s);
  }
  const order = (a: SpendRow, b: SpendRow) =>
    Math.max(0, ...Object.values(b.cost)) - Math.max(0, ...Object.values(a.cost)) ||
    a.label.localeCompare(b.label);
  return {
    campaigns: rows.sort(order),
    networks: [...networks]
      .map(([name, t]) => row(`network:${name}`, name, { campaignId: null, network: name, source: null }, t))
      .sort(order),
    sources: [...sources.values()]
      .map(({ network, source, t }) =>
        row(
          `source:${network}\u0000${source}`,
          `${network} / ${source}`,
          { campaignId: null, network, source },
          t,
        ),
      )
      .sort(order),
  };
}
