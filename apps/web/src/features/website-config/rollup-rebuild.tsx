import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRollupStatus } from '../../api/queries/use-rollup-status';
import { zoneLabel } from '../../components/time-zone';

/**
 * Under the Time Zone section: the background rebuild of the daily figures for a new zone, its
 * progress while it runs, then that it is done (docs/definitions.md#time-zone).
 */
export function RollupRebuild({ website, changed }: { website: Website; changed: boolean }) {
  const status = useRollupStatus(website).data;
  const [seenRunning, setSeenRunning] = useState(false);
  useEffect(() => {
    if (status?.rebuilding) setSeenRunning(true);
  }, [status?.rebuilding]);

  if (status?.rebuilding) {
    const percent = Math.round((status.progress ?? 0) * 100);
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconRefresh />}
        role="status"
        mt="md"
        data-testid="rollup-rebuild"
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500}>
              Rebuilding the daily figures for {zoneLabel(status.timezone)}
            </Text>
            <Text size="sm" c="dimmed">
              {percent}%
            </Text>
          </Group>
          <Progress value={percent} size="md" animated aria-label="Rebuild progress" />
          <Text size="xs" c="dimmed">
            Until it is done the dashboard counts from the raw events: the same numbers, more slowly.
          </Text>
        </Stack>
      </Alert>
    );
  }
  // A small website's rebuild may be done before the first look: a saved change says so all the same.
  // Only the saved zone's status: the previous zone's may show for a moment after a save.
  if (status && status.timezone === website.timezone && (seenRunning || changed)) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        role="status"
        mt="md"
        data-testid="rollup-rebuild"
      >
        Daily figures rebuilt for {zoneLabel(status.timezone)}.
      </Alert>
    );
  }
  return null;
}
