import { Grid } from '@mantine/core';
import type { Dashboard, DashboardPrevious } from '@ocx/contracts';
import { memo } from 'react';
import { ConsentShareLine } from '../../components/consent-share';
import type { DashboardBreakdowns, OnFilter } from './dashboard-filters';
import { SummaryCards } from './summary-cards';
import { TopPages, TopReferrers } from './top-tables';
import { TrafficChart } from './traffic-chart';
import { TrafficSources } from './traffic-sources';

/**
 * The dashboard's traffic panels: the signed-in dashboard and a shared link show the same ones. With
 * `onFilter` (the signed-in dashboard) a page, referrer or channel filters the whole dashboard.
 * `consentRequired`: the website waits for consent, so the share of visits without it shows even at 0%.
 */
export function TrafficPanels({
  data,
  breakdowns,
  previous,
  onFilter,
  consentRequired,
}: {
  data: Dashboard;
  /** Where Top Referrers and Traffic Source Distribution read their rows: the breakdowns' own. */
  breakdowns: DashboardBreakdowns;
  previous?: DashboardPrevious | null;
  onFilter?: OnFilter;
  consentRequired?: boolean;
}) {
  return (
    <>
      <SummaryCards data={data} previous={previous} />
      <DataPanels data={data} breakdowns={breakdowns} onFilter={onFilter} consentRequired={consentRequired} />
    </>
  );
}

/**
 * Everything but the cards: the previous period's figures, read after the dashboard, re-render
 * the cards only (a render of the chart and the tables costs a long task on a phone).
 */
const DataPanels = memo(function DataPanels({
  data,
  breakdowns,
  onFilter,
  consentRequired,
}: {
  data: Dashboard;
  breakdowns: DashboardBreakdowns;
  onFilter?: OnFilter | undefined;
  consentRequired?: boolean | undefined;
}) {
  return (
    <>
      <ConsentShareLine share={data.consent} consentRequired={consentRequired} />
      <TrafficChart data={data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TopPages pages={data.topPages} onFilter={onFilter} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TopReferrers breakdowns={breakdowns} onFilter={onFilter} />
        </Grid.Col>
      </Grid>
      <TrafficSources breakdowns={breakdowns} onFilter={onFilter} />
    </>
  );
});
