import type { DashboardRange } from '@ocx/contracts';
import { numberFormat } from '../../components/intl-cache';

export type ChangeDirection = 'up' | 'down' | 'flat';

export interface PeriodChangeText {
  /** e.g. "+25% vs previous 7 days", "−1.2 pts vs previous 30 days". */
  text: string;
  direction: ChangeDirection;
}

const PERIOD_WORDS: Record<DashboardRange, string> = {
  '1d': 'previous 24 hours',
  '7d': 'previous 7 days',
  '30d': 'previous 30 days',
  all: '',
};

const direction = (delta: number): ChangeDirection => (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');
const signed = (n: string, delta: number) => (delta > 0 ? `+${n}` : delta < 0 ? `−${n}` : n);

/**
 * A card's change against the previous period: counts as a percentage of the previous count
 * (none when it was 0), a rate as the difference in percentage points.
 */
export function periodChangeText(
  current: number,
  previous: number,
  kind: 'count' | 'rate',
  range: DashboardRange,
  locale?: string,
): PeriodChangeText {
  const period = PERIOD_WORDS[range];
  if (kind === 'rate') {
    const delta = Math.round((current - previous) * 10) / 10;
    return {
      text: `${signed(Math.abs(delta).toFixed(1), delta)} pts vs ${period}`,
      direction: direction(delta),
    };
  }
  if (previous === 0) {
    return {
      text: current === 0 ? `none in the ${period} either` : `none in the ${period}`,
      direction: current > 0 ? 'up' : 'flat',
    };
  }
  const fraction = (current - previous) / previous;
  const percent = numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.abs(fraction) * 100);
  return {
    text: `${signed(`${percent}%`, Math.round(fraction * 100))} vs ${period}`,
    direction: direction(Math.round(fraction * 100)),
  };
}
