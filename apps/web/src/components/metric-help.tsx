import { Anchor, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** What each counted word means, in a few words; docs/metrics.md says it in full under the same id. */
export const METRIC_TERMS = {
  'total-clicks': 'Page views in the range',
  visits: 'Visits that arrived: one per session entrance',
  'visitors-by-source': 'Distinct visitors who arrived from it in the range',
  'unique-visitors': 'Distinct visitors in the range',
  'pages-visited': 'Distinct page paths viewed',
  'conversion-rate': 'Visitors who completed any goal ÷ visitors',
  conversions: 'Completed goals; credit may split one between touchpoints',
  revenue: 'Conversion values credited under the selected model, per currency',
  'without-consent': 'Visits before consent: counted, but not attributed across days',
  cost: 'Ad spend entered, imported or sent for the campaign, per currency',
  cpa: 'Cost per acquisition: cost ÷ conversions credited under the model',
  roas: 'Return on ad spend: value credited under the model ÷ cost (same currency only)',
} as const;
export type MetricTerm = keyof typeof METRIC_TERMS;

/** A small (i) beside a metric's name: says what it counts on hover or focus, opens the glossary. */
export function MetricHelp({ term, hint = METRIC_TERMS[term] }: { term: MetricTerm; hint?: string }) {
  return (
    <Tooltip label={hint} withArrow multiline maw={260}>
      <Anchor
        component={Link}
        to={`/help/metrics#${term}`}
        aria-label={`${hint} (glossary)`}
        c="dimmed"
        underline="never"
        display="inline-flex"
        style={{ verticalAlign: 'middle' }}
        data-metric-help={term}
      >
        <IconInfoCircle size={14} />
      </Anchor>
    </Tooltip>
  );
}
