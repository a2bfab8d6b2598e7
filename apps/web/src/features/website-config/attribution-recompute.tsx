import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import type { Attribution, Website } from '@ocx/contracts';
import { sameCreditSettings } from '@ocx/core';
import { IconCircleCheck, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAttributionStatus } from '../../api/queries/use-attribution-status';
import { recomputePercent } from './integrations-format';

const count = new Intl.NumberFormat();

interface Props {
  website: Website;
  /** The form's attribution, to say in advance that saving it starts a recompute. */
  draft: Attribution;
  /** The form's cross-device tracking switch: turning it on or off recomputes too (docs/definitions.md#recomputation). */
  crossDevice: boolean;
}

/**
 * Beside the Attribution Model section: the background recompute of every conversion's credits
 * after the window, weights, decay or cross-device setting were saved — its progress while it runs, then that it is done.
 */
export function AttributionRecompute({ website, draft, crossDevice }: Props) {
  const status = useAttributionStatus(website).data;
  // The figures' version when the screen opened: a later one means a recompute finished meanwhile.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  useEffect(() => {
    if (status && openedAt === null) setOpenedAt(status.activeVersion);
  }, [status, openedAt]);

  const saved = { ...website.attribution, crossDevice: website.scriptConfig.crossDeviceTracking };
  const unsaved = !sameCreditSettings(saved, { ...draft, crossDevice });

  if (status?.running) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconRefresh />}
        role="status"
        data-testid="attribution-recompute"
      >
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Recalculating credits: {count.format(status.done)} / {count.format(status.total)}
            </Text>
            <Text size="sm" c="dimmed">
              {recomputePercent(status)}%
            </Text>
          </Group>
          <Progress value={recomputePercent(status)} size="md" animated aria-label="Recalculation progress" />
          <Text size="xs" c="dimmed">
            Reports keep showing the previous figures; they switch to the new settings when this is done.
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (status && openedAt !== null && status.activeVersion > openedAt && !unsaved) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        role="status"
        data-testid="attribution-recompute"
      >
        Credits recalculated: reports now use the saved window, weights, decay and cross-device setting
        {status.total > 0 ? ` (${status.total} ${status.total === 1 ? 'conversion' : 'conversions'})` : ''}.
      </Alert>
    );
  }
  if (unsaved) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle />} py="xs">
        <Text size="sm">
          Saving a new window, weights, decay or cross-device setting recalculates the credits of every past
          conversion in the background; the figures switch when it is done.
        </Text>
      </Alert>
    );
  }
  return null;
}
