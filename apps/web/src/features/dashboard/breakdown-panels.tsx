import { Anchor, Grid, Text } from '@mantine/core';
import type { BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { memo } from 'react';
import type { BreakdownSource } from '../../api/breakdown.api';
import { BreakdownCard, type BreakdownScope, type BreakdownTab } from './breakdown-card';
import type { OnFilter } from './dashboard-filters';
import { GoalsPanel } from './goals-panel';

const tab = (value: string, label: string, column: string, empty: string): BreakdownTab => ({
  value,
  label,
  views: [{ dimension: value as BreakdownTab['views'][number]['dimension'], label, column, empty }],
});

// Visits whose address gave no location (a private network, no geolocation) are not listed: with
// visits but none located, 'No visits' would be untrue.
const NO_LOCATION = 'No visits with a known location in this range';

const LOCATIONS: BreakdownTab[] = [
  {
    value: 'map',
    label: 'Map',
    views: [
      {
        dimension: 'country',
        label: 'Countries',
        column: 'Country',
        empty: NO_LOCATION,
        map: true,
      },
    ],
  },
  tab('country', 'Countries', 'Country', NO_LOCATION),
  tab('region', 'Regions', 'Region', NO_LOCATION),
  tab('city', 'Cities', 'City', NO_LOCATION),
];

const DEVICES: BreakdownTab[] = [
  tab('device', 'Devices', 'Device', 'No visits in this range'),
  tab('browser', 'Browsers', 'Browser', 'No visits in this range'),
  tab('os', 'OS', 'Operating system', 'No visits in this range'),
  tab('screen', 'Screens', 'Screen size', 'No visits in this range'),
];

const PAGES: BreakdownTab[] = [
  tab('page', 'Top pages', 'Page', 'No page views in this range'),
  tab('entry_page', 'Entry pages', 'Entry page', 'No page views in this range'),
  tab('exit_page', 'Exit pages', 'Exit page', 'No page views in this range'),
];

const UTM_PARAMETERS = [
  ['utm_source', 'Source'],
  ['utm_medium', 'Medium'],
  ['utm_campaign', 'Campaign'],
  ['utm_term', 'Term'],
  ['utm_content', 'Content'],
] as const;

const SOURCES: BreakdownTab[] = [
  tab('channel', 'Channels', 'Channel', 'No visits in this range'),
  tab('referrer', 'Referrers', 'Referrer', 'No visits from other websites in this range'),
  {
    value: 'utm',
    label: 'UTM',
    views: UTM_PARAMETERS.map(([dimension, label]) => ({
      dimension,
      label,
      column: `UTM ${label.toLowerCase()}`,
      empty: `No visits tagged with ${dimension} in this range`,
    })),
  },
  tab('campaign', 'Campaigns', 'Campaign', 'No campaign visits in this range'),
];

/** DB-IP Lite's licence (CC BY 4.0) asks for this link wherever its results are shown. */
function GeolocationCredit() {
  return (
    <Text size="xs" c="dimmed" mt="sm">
      <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" inherit>
        IP Geolocation by DB-IP
      </Anchor>
    </Text>
  );
}

/**
 * The breakdown panels of the dashboard (issue 27), loaded after the first paint: where visitors
 * are, on what, which pages they enter and leave by, where they come from and which goals they reach.
 */
function BreakdownPanels({
  source,
  range,
  filters,
  onFilter,
}: {
  source: BreakdownSource;
  range: DashboardRange;
  filters: BreakdownFilters;
  onFilter: OnFilter;
}) {
  const scope: BreakdownScope = { source, range, filters, onFilter };
  return (
    <Grid gap="lg" data-testid="breakdown-panels">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <BreakdownCard id="breakdown-pages" title="Pages" tabs={PAGES} scope={scope} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <BreakdownCard id="breakdown-sources" title="Sources" tabs={SOURCES} scope={scope} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <BreakdownCard
          id="breakdown-locations"
          title="Locations"
          tabs={LOCATIONS}
          scope={scope}
          footer={<GeolocationCredit />}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <BreakdownCard id="breakdown-devices" title="Devices" tabs={DEVICES} scope={scope} />
      </Grid.Col>
      <Grid.Col span={12}>
        <GoalsPanel scope={scope} />
      </Grid.Col>
    </Grid>
  );
}

/** The dashboard re-renders as its other reads arrive; these props rarely change with them. */
export default memo(BreakdownPanels);
