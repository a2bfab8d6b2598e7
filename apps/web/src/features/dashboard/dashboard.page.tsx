import { Alert, Button, SegmentedControl, Stack } from '@mantine/core';
import type { AttributionModel, Website } from '@ocx/contracts';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { websiteBreakdowns } from '../../api/breakdown.api';
import { queryKeys } from '../../api/queries/query-keys';
import { useDashboard, useDashboardPrevious } from '../../api/queries/use-dashboard';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { NEXT_STEP_LINKS, NextStep } from '../../components/next-step';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { WhenNearView } from '../../components/when-near-view';
import { AttributionInfo } from './attribution-info';
import { FilterChips, useDashboardFilters, useDashboardRange } from './dashboard-filters';
import { dashboardRangeOptions, isDashboardRange, isEmptyDashboard } from './dashboard-format';
import { TrafficPanels } from './traffic-panels';

const TITLE = screenTitle('/dashboard');

// Loaded after the cards and chart: the dashboard route's own chunk stays small.
const BreakdownPanels = lazy(() => import('./breakdown-panels'));
// Below the fold, like the breakdowns: its code and the report load when its place nears the window.
const AttributionSection = lazy(() => import('./attribution-panel'));

export default function DashboardPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading analytics data..." />;
  if (!website) return <NoWebsiteDashboard />;
  return <DashboardView key={website.id} website={website} />;
}

/**
 * Spec §2's no-website state; Refresh Data has nothing to read and says so (spec §8). With no
 * website at all it is not offered: there is nothing to pick, and the one next step is to create one.
 */
function NoWebsiteDashboard() {
  const [asked, setAsked] = useState(false);
  const { websites } = useSelectedWebsite();
  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          websites.length > 0 ? (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setAsked(true)}>
              Refresh Data
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {asked ? (
          <Alert color="yellow" variant="light" role="alert" maw={640}>
            No website selected. Please select a website from the dropdown.
          </Alert>
        ) : null}
        <NoWebsiteSelected />
      </Stack>
    </>
  );
}

function DashboardView({ website }: { website: Website }) {
  const [range, setRange] = useDashboardRange();
  const [chosenModel, setModel] = useState<AttributionModel | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const queryClient = useQueryClient();
  const { filters, add: addFilter, remove: removeFilter, labelOf } = useDashboardFilters();
  const breakdowns = useMemo(() => websiteBreakdowns(website.id), [website.id]);
  const dashboard = useDashboard(website.id, range, filters);
  // Top Referrers and Traffic Source Distribution read the breakdowns' rows (one object: the panels are memoized).
  const panelBreakdowns = useMemo(
    () => ({ source: breakdowns, range, filters }),
    [breakdowns, range, filters],
  );
  // The panels render in a background pass React can pause (a transition): a query's answer comes
  // as a synchronous store update, and rendering every panel in it was one long task on a phone.
  // Until that pass is done, what was there stays (the loader, or the previous answer dimmed).
  const data = useDeferredValue(dashboard.data ?? null, null);
  // A newer answer waiting for that pass dims the panels if the shown one was a placeholder (another
  // range or filters); a refetch of the same view (each minute) does not blink.
  const shownPlaceholder = useDeferredValue(dashboard.isPlaceholderData);
  const dimmed = dashboard.isPlaceholderData || (shownPlaceholder && data !== (dashboard.data ?? null));
  const previous = useDashboardPrevious(website.id, range, filters, dashboard.isSuccess);
  const previousData = useDeferredValue(previous.data);
  const model = chosenModel ?? data?.attributionModel ?? website.attribution.model;

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        dashboard.refetch(),
        queryClient.invalidateQueries({ queryKey: queryKeys.attributionReport.all(website.id) }),
        range === 'all' ? null : previous.refetch(),
        queryClient.invalidateQueries({ queryKey: queryKeys.breakdown.all(website.id) }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <>
            <SegmentedControl
              aria-label="Time range"
              value={range}
              onChange={(v) => isDashboardRange(v) && setRange(v)}
              data={dashboardRangeOptions.map((o) => ({ value: o.value, label: o.label }))}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void refresh()}
              disabled={refreshing}
            >
              {refreshing ? 'Refreshing...' : 'Refresh Data'}
            </Button>
          </>
        }
      />
      <FilterChips filters={filters} labelOf={labelOf} onRemove={removeFilter} mb="lg" />
      {dashboard.error && !dashboard.data ? (
        <ErrorPanel message={`Failed to update analytics: ${dashboard.error.message}`} />
      ) : !data ? (
        <SectionLoader label="Loading analytics data..." />
      ) : (
        <Stack gap="lg" maw={1400} style={{ opacity: dimmed ? 0.6 : 1 }}>
          {dashboard.error ? (
            <Alert color="red" variant="light" role="alert">
              Failed to update analytics: {dashboard.error.message}
            </Alert>
          ) : null}
          {isEmptyDashboard(data) ? <EmptyHint /> : null}
          <TrafficPanels
            data={data}
            breakdowns={panelBreakdowns}
            previous={data.range === range ? previousData : undefined}
            onFilter={addFilter}
            consentRequired={website.privacy.consentMode === 'require'}
          />
          <AttributionInfo model={model} />
          <WhenNearView testId="breakdowns" placeholderHeight={1200}>
            <Suspense fallback={<SectionLoader label="Loading breakdowns..." />}>
              <BreakdownPanels source={breakdowns} range={range} filters={filters} onFilter={addFilter} />
            </Suspense>
          </WhenNearView>
          <WhenNearView testId="attribution-section" placeholderHeight={400}>
            <Suspense fallback={<SectionLoader label="Loading attribution..." />}>
              <AttributionSection
                websiteId={website.id}
                range={range}
                model={model}
                onModel={setModel}
                onFilter={addFilter}
              />
            </Suspense>
          </WhenNearView>
        </Stack>
      )}
    </>
  );
}

function EmptyHint() {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle />} data-testid="dashboard-empty">
      <NextStep
        text="No visits recorded in this range yet. Install the tracking script on your site and visits appear here within seconds."
        action="Install the snippet"
        to={NEXT_STEP_LINKS.installSnippet}
      />
    </Alert>
  );
}
