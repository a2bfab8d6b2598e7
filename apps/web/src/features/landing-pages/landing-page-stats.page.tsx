import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type AttributionModel, type LandingPageStats, messages } from '@ocx/contracts';
import { channelLabel, MODEL_LABELS } from '@ocx/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useLandingPageStats } from '../../api/queries/use-landing-page-stats';
import { ConversionCount } from '../../components/attribution/conversion-count';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { OverTimeTable } from './over-time-table';

const TITLE = 'Landing Page Statistics';

export default function LandingPageStatsPage() {
  const { id = '' } = useParams();
  return (
    <WorkspaceGate title={TITLE}>
      {(website) => <Stats key={`${website.id}:${id}`} websiteId={website.id} id={id} />}
    </WorkspaceGate>
  );
}

function Stats({ websiteId, id }: { websiteId: string; id: string }) {
  const stats = useLandingPageStats(websiteId, id);
  if (stats.isPending) return <SectionLoader label="Loading statistics..." />;
  if (stats.error)
    return (
      <>
        <PageHeader title={TITLE} />
        {stats.error instanceof ApiError && stats.error.status === 404 ? (
          <Alert color="yellow" variant="light" maw={640}>
            {messages.landingPages.notFound}
          </Alert>
        ) : (
          <ErrorPanel message={messages.common.unexpected} detail={stats.error.message} />
        )}
      </>
    );
  return <StatsView stats={stats.data} />;
}

function StatsView({ stats }: { stats: LandingPageStats }) {
  const page = stats.landingPage;
  // The card's figures and words (docs/metrics.md): Clicks are the visits that arrived on the page.
  const cards: [string, ReactNode, string][] = [
    ['Clicks', stats.visits.toLocaleString(), 'visits that arrived'],
    ['Visitors', stats.visitors.toLocaleString(), 'distinct visitors'],
    ['Conversions', <ConversionCount key="count" value={stats.conversions} />, 'credited by the model'],
    [
      'Conversion Rate',
      `${stats.conversionRate.toFixed(1)}%`,
      `${stats.convertedVisitors.toLocaleString()} of ${stats.visitors.toLocaleString()} visitors converted`,
    ],
  ];
  return (
    <>
      <PageHeader
        title={`${TITLE}: ${page.name}`}
        subtitle={`${page.url} · conversions credited with ${MODEL_LABELS[stats.attributionModel as AttributionModel] ?? stats.attributionModel} attribution`}
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
        {cards.map(([label, value, unit]) => (
          <Card key={label} withBorder padding="lg" data-testid={`stat-${label}`}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl" data-testid="stat-value">
              {value}
            </Text>
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {stats.days.length === 0 ? (
        <Text c="dimmed">No clicks recorded for this landing page yet.</Text>
      ) : (
        <Stack gap="lg">
          <Card withBorder padding="lg">
            <Title order={4}>Channels over time</Title>
            <Text size="xs" c="dimmed" mb="sm">
              Clicks (visits that arrived) per day and channel, and the conversions credited that day
            </Text>
            <OverTimeTable
              days={stats.days}
              columns={stats.channels.map((c) => c.channel)}
              pick={(d) => d.channels}
              label="Channel"
              columnLabel={channelLabel}
            />
          </Card>
          <Card withBorder padding="lg">
            <Title order={4}>Campaigns over time</Title>
            <Text size="xs" c="dimmed" mb="sm">
              Clicks (visits that arrived) per day and campaign, and the conversions credited that day
            </Text>
            <OverTimeTable
              days={stats.days}
              columns={stats.campaigns.map((c) => c.name)}
              pick={(d) => d.campaigns}
              label="Campaign"
            />
          </Card>
        </Stack>
      )}
    </>
  );
}
