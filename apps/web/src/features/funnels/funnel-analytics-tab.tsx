import { Box, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FunnelAnalytics, type FunnelPeriod, messages } from '@ocx/contracts';
import { useState } from 'react';
import { useFunnelAnalytics } from '../../api/queries/use-funnel-analytics';
import { formatDateTime } from '../../components/date-format';
import { SectionLoader } from '../../components/full-page-loader';
import { barWidth, isPeriod, percent, periodOptions } from './funnel-format';
import { RetryError } from './retry-error';
import { StatCard } from './stat-card';

/** Spec §2 'Funnel Analytics': period, Total Entries / Completion Rate / Dropoff, a bar per step. */
export function FunnelAnalyticsTab({ funnelId }: { funnelId: string }) {
  const [period, setPeriod] = useState<FunnelPeriod>('week');
  const query = useFunnelAnalytics(funnelId, period);
  return (
    <Stack gap="md">
      <Select
        label="Period"
        data={periodOptions}
        value={period}
        onChange={(v) => isPeriod(v) && setPeriod(v)}
        allowDeselect={false}
        w={220}
      />
      {query.isPending ? (
        <SectionLoader label="Loading funnel analytics..." />
      ) : query.isError ? (
        <RetryError message={messages.funnels.analyticsFailed} onRetry={() => query.refetch()} />
      ) : query.data.totalEntries === 0 ? (
        <Text c="dimmed">{messages.funnels.noAnalytics}</Text>
      ) : (
        <AnalyticsFigures analytics={query.data} />
      )}
    </Stack>
  );
}

function AnalyticsFigures({ analytics }: { analytics: FunnelAnalytics }) {
  const completed = analytics.stepConversions.at(-1)?.visitors ?? 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Total Entries" value={analytics.totalEntries.toLocaleString()} />
        <StatCard label="Completion Rate" value={percent(analytics.completionRate)}>
          <Text size="xs" c="dimmed">
            {completed.toLocaleString()} completed
          </Text>
        </StatCard>
        <StatCard label="Dropoff" value={percent(1 - analytics.completionRate)}>
          <Text size="xs" c="dimmed">
            {(analytics.totalEntries - completed).toLocaleString()} left before the last step
          </Text>
        </StatCard>
      </SimpleGrid>
      <Stack gap="sm" aria-label="Steps" role="list">
        {analytics.stepConversions.map((step, i) => (
          <Box
            key={step.stepId}
            role="listitem"
            aria-label={`Step ${i + 1}: ${step.stepName}`}
            data-testid="funnel-step-bar"
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Text fw={600} size="sm">
                {i + 1}. {step.stepName}
              </Text>
              <Text size="sm">
                <Text span fw={700} data-testid="step-visitors">
                  {step.visitors.toLocaleString()}
                </Text>{' '}
                visitors ·{' '}
                <Text span fw={700} data-testid="step-conversion">
                  {percent(step.conversionRate)}
                </Text>
              </Text>
            </Group>
            <Box
              h={28}
              w={`${barWidth(step.conversionRate)}%`}
              bg="var(--mantine-primary-color-filled)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="step-bar"
            />
            {step.dropOff !== null ? (
              <Text size="xs" c="red" mt={2} data-testid="step-drop">
                ↓ {percent(step.dropOff)} drop from previous step
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {analytics.periodStart
          ? `From ${formatDateTime(analytics.periodStart)} to ${formatDateTime(analytics.periodEnd)}`
          : `All events up to ${formatDateTime(analytics.periodEnd)}`}
        . Visitors enter at step 1 and reach each next step with a later matching event.
      </Text>
    </Stack>
  );
}
