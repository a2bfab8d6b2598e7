import type { SpendFigures } from '@ocx/contracts';
import { type Amounts, type MinorAmounts, majorAmounts } from '../attribution/amounts';
import { fromMinorUnits } from '../attribution/money';

/** Fewer credited conversions than this count as none (sums of fractional credit). */
const NO_CONVERSIONS = 0.000_5;

export function spendFigures(
  costMinor: MinorAmounts,
  conversions: number,
  valueMinor: MinorAmounts,
): SpendFigures {
  const costCurrencies = Object.keys(costMinor).filter((c) => (costMinor[c] ?? 0) !== 0);
  const valueCurrencies = Object.keys(valueMinor).filter((c) => (valueMinor[c] ?? 0) !== 0);
  const cpa: Amounts = {};
  if (conversions > NO_CONVERSIONS)
    for (const c of costCurrencies) cpa[c] = fromMinorUnits(Math.round((costMinor[c] ?? 0) / conversions), c);
  const [only] = costCurrencies;
  const roas =
    costCurrencies.length === 1 && only !== undefined && valueCurrencies.every((c) => c === only)
      ? Math.round(((valueMinor[only] ?? 0) / (costMinor[only] ?? 1)) * 100) / 100
      : null;
  return { cost: majorAmounts(costMinor), cpa, roas };
}
