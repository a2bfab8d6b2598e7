import type { LogKind } from '../../api/log-query';
import { formatCount } from '../count-format';
import type { MetricTerm } from '../metric-help';
import { NEXT_STEP_LINKS } from '../next-step';

export interface LogTexts {
  /** 'clicks' or 'conversions', as the footer and messages say it. */
  noun: string;
  loading: string;
  loadFailed: (message: string) => string;
  loadFailedGeneric: string;
  refreshFailed: string;
  empty: string;
  /** What one row counts (the glossary entry and its short hint). */
  counts: { term: MetricTerm; hint: string };
  /** An empty log without filters: nothing has arrived yet, and this is what makes it arrive. */
  nextStep: { text: string; action: string; to: string };
}

/** Spec §2 and §8 texts of the log screens, verbatim. */
export const logTexts: Record<LogKind, LogTexts> = {
  clicks: {
    noun: 'clicks',
    loading: 'Loading clicks...',
    loadFailed: (message) => `Failed to load clicks: ${message}`,
    loadFailedGeneric: 'Failed to load clicks. Please try again.',
    refreshFailed: 'Failed to refresh clicks. Please try again.',
    empty: 'No clicks found - Try adjusting your filters or refreshing the data',
    counts: {
      term: 'visits',
      hint: 'A click here is a visit that arrived: one per session entrance, not a page view',
    },
    nextStep: {
      text: 'No visits recorded in this range. Install the tracking script on your site and every visit that arrives is listed here.',
      action: 'Install the snippet',
      to: NEXT_STEP_LINKS.installSnippet,
    },
  },
  conversions: {
    noun: 'conversions',
    loading: 'Loading conversions...',
    loadFailed: (message) => `Failed to load conversions: ${message}`,
    loadFailedGeneric: 'Failed to load conversions. Please try again.',
    refreshFailed: 'Failed to refresh conversions. Please try again.',
    empty: 'No conversions found - Try adjusting your filters or refreshing the data',
    counts: {
      term: 'conversions',
      hint: 'One row per completed goal, each counted once whatever its credit',
    },
    nextStep: {
      text: 'No conversions recorded in this range. Define what counts as a conversion (a page, a click or an event) and each one is listed here.',
      action: 'Add a conversion goal',
      to: NEXT_STEP_LINKS.addGoal,
    },
  },
};

export const EXPORT_FAILED = 'Failed to export CSV';

/** Spec §2 footer: 'Showing N of M clicks', the counts with thousands separators (docs/metrics.md). */
export const showingText = (shown: number, total: number, noun: string) =>
  `Showing ${formatCount(shown)} of ${formatCount(total)} ${noun}`;
