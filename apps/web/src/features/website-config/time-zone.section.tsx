import { Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Website } from '@ocx/contracts';
import { IconClock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { FormError } from '../../components/form-error';
import { timeZoneNames, zoneLabel } from '../../components/time-zone';
import { ConfigSection } from './config-section';
import { RollupRebuild } from './rollup-rebuild';

/**
 * The website's time zone (docs/definitions.md#time-zone): every day, hour and date its reports show. Saved on its own,
 * since changing it re-keys the daily figures in the background.
 */
export function TimeZoneSection({ website }: { website: Website }) {
  const queryClient = useQueryClient();
  const [zone, setZone] = useState(website.timezone);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const options = useMemo(
    () => timeZoneNames(website.timezone).map((z) => ({ value: z, label: zoneLabel(z) })),
    [website.timezone],
  );
  const save = useMutation({
    mutationFn: () => websitesApi.update(website.id, { timezone: zone }),
    onSuccess: async (saved) => {
      setError(null);
      setChanged(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      notifications.show({ color: 'ocx', message: `Time zone saved: ${zoneLabel(saved.timezone)}` });
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'Failed to save the time zone'),
  });

  return (
    <ConfigSection
      title="Time Zone"
      description="Every day, hour and date of this website's dashboard, logs, funnels and exports is in this zone; changing it rebuilds the daily figures in the background. Billing months stay UTC."
    >
      <FormError message={error} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Website time zone"
          data={options}
          value={zone}
          onChange={(value) => setZone(value ?? website.timezone)}
          searchable
          allowDeselect={false}
          leftSection={<IconClock size={16} />}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
          nothingFoundMessage="No such time zone"
        />
        <Button onClick={() => save.mutate()} disabled={zone === website.timezone} loading={save.isPending}>
          Save time zone
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Now: {zoneLabel(website.timezone)}
      </Text>
      <RollupRebuild website={website} changed={changed} />
    </ConfigSection>
  );
}
