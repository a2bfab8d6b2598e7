import { ActionIcon, Alert, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { MODEL_LABELS } from '@ocx/core';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../api/queries/query-keys';
import { useAttributionReport } from '../../api/queries/use-attribution-report';
import { useAttributionStatus } from '../../api/queries/use-attribution-status';
import type { RangePreset } from '../../api/report-range';
import { buildComparison, isEmptyReport } from '../../components/attribution/attribution-comparison';
import { ConsentShareLine } from '../../components/consent-share';
import { formatCount } from '../../components/count-format';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { NEXT_STEP_LINKS, NextStep } from '../../components/next-step';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { DEFAULT_RANGE } from './analytics-ranges';
import { ComparisonTable } from './comparison-table';
import { RangeSwitch } from './range-switch';
import { SpendComparison } from './spend-table';

const TITLE = screenTitle('/analytics');

export default function AnalyticsPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading analytics data..." />;
  if (!website) {
    return (
      <>
        <PageHeader title={TITLE} />
        <NoWebsiteSelected />
      </>
    );
  }
  return <ComparisonView key={website.id} website={website} />;
}

function ComparisonView({ website }: { website: Website }) {
  const [preset, setPreset] = useState<RangePreset>(DEFAULT_RANGE);
  const report = useAttributionReport(website.id, preset);
  const recompute = useRecomputeRefresh(website);
  const selected = website.attribution.model;
  // The tables render as a deferred update, in slices between which the browser answers input,
  // instead of one long task when the report arrives (bench:web mobile TBT).
  const data = useDeferredValue(report.data);

  const byCampaign = useMemo(
    () => (data ? buildComparison(data, 'campaign', selected) : null),
    [data, selected],
  );
  const spendByRow = useMemo(
    () => new Map((data?.spend?.campaigns ?? []).map((r) => [`campaign:${r.campaignId}`, r])),
    [data],
  );
  const byChannel = useMemo(
    () => (data ? buildComparison(data, 'channel', selected) : null),
    [data, selected],
  );

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <>
            <RangeSwitch value={preset} onChange={setPreset} />
            <Tooltip label="Refresh">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh data"
                onClick={() => report.refetch()}
                loading={report.isFetching}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        }
      />
      <Stack gap="lg" maw={1400}>
        <Text size="sm" c="dimmed">
          The same conversions credited by each of the eight models: conversions (sum of credit) and value per
          row, with ROAS and CPA where the campaign has ad spend. Your website uses{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {MODEL_LABELS[selected]}
          </Text>{' '}
          (highlighted).
        </Text>
        <ConsentShareLine share={data?.consent} consentRequired={website.privacy.consentMode === 'require'} />
        {recompute?.running ? (
          <Alert color="blue" variant="light" role="status">
            Credits are being recalculated for new attribution settings ({formatCount(recompute.done)} /{' '}
            {formatCount(recompute.total)}
            ). These figures switch when it is done.
          </Alert>
        ) : null}
        {!data && !report.error ? (
          <SectionLoader label="Loading attribution data..." />
        ) : report.error ? (
          <ErrorPanel message="Failed to load the attribution report." detail={report.error.message} />
        ) : !data || isEmptyReport(data) || !byCampaign || !byChannel ? (
          <EmptyState />
        ) : (
          <>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="by-campaign">
              <Title order={4} id="by-campaign" mb="md">
                By campaign
              </Title>
              <ComparisonTable
                comparison={byCampaign}
                rowHeader="Campaign"
                selected={selected}
                testId="comparison-by-campaign"
                spend={spendByRow.size > 0 ? spendByRow : undefined}
              />
            </Card>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="by-channel">
              <Title order={4} id="by-channel" mb="md">
                By channel
              </Title>
              <ComparisonTable
                comparison={byChannel}
                rowHeader="Channel"
                selected={selected}
                testId="comparison-by-channel"
              />
            </Card>
          </>
        )}
        {data?.spend ? <SpendComparison spend={data.spend} selected={selected} /> : null}
      </Stack>
    </>
  );
}

function EmptyState() {
  return (
    <Card withBorder padding="xl" radius="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconChartBar size={28} color="var(--mantine-color-dimmed)" />
        <Stack gap={4}>
          <Text fw={600}>No conversions in this date range</Text>
          <NextStep
            text="Conversions recorded by your tracking script or your server appear here, credited by every model. Try a longer range, or define what counts as a conversion."
            action="Add a conversion goal"
            to={NEXT_STEP_LINKS.addGoal}
          />
        </Stack>
      </Group>
    </Card>
  );
}

/** While a recompute runs the figures are the old ones; when it finishes, read the report again. */
function useRecomputeRefresh(website: Website) {
  const queryClient = useQueryClient();
  const status = useAttributionStatus(website).data;
  const seen = useRef<number | null>(null);
  const active = status?.activeVersion ?? null;
  useEffect(() => {
    if (active === null) return;
    if (seen.current !== null && active !== seen.current)
      void queryClient.invalidateQueries({ queryKey: queryKeys.attributionReport.all(website.id) });
    seen.current = active;
  }, [active, queryClient, website.id]);
  return status;
}
