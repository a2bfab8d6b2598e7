import { Button, Group, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Website } from '@ocx/contracts';
import { IconClock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { useUpdateWebsite } from '../../api/mutations/use-website-mutations';
import { FormError } from '../../components/form-error';
import { formError, showServerError } from '../../components/forms/server-error';
import { timeZoneNames, zoneLabel } from '../../components/time-zone';
import { ConfigSection } from './config-section';
import { RollupRebuild } from './rollup-rebuild';

/**
 * The website's time zone (docs/definitions.md#time-zone): every day, hour and date its reports show. Saved on its own,
 * since changing it re-keys the daily figures in the background.
 */
export function TimeZoneSection({ website }: { website: Website }) {
  const form = useForm({ initialValues: { timezone: website.timezone } });
  const zone = form.values.timezone;
  const [changed, setChanged] = useState(false);
  const options = useMemo(
    () => timeZoneNames(website.timezone).map((z) => ({ value: z, label: zoneLabel(z) })),
    [website.timezone],
  );
  const save = useUpdateWebsite(website.id, {
    onSuccess: (saved) => {
      setChanged(true);
      notifications.show({ color: 'ocx', message: `Time zone saved: ${zoneLabel(saved.timezone)}` });
    },
    onError: (err) =>
      showServerError(form, err, err instanceof ApiError ? err.message : 'Failed to save the time zone'),
  });
  const submit = () => {
    form.clearErrors();
    save.mutate({ timezone: zone });
  };

  return (
    <ConfigSection
      title="Time Zone"
      description="Every day, hour and date of this website's dashboard, logs, funnels and exports is in this zone; changing it rebuilds the daily figures in the background. Billing months stay UTC."
    >
      <FormError message={formError(form)} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Website time zone"
          data={options}
          value={zone}
          onChange={(value) => form.setFieldValue('timezone', value ?? website.timezone)}
          error={form.errors.timezone}
          searchable
          allowDeselect={false}
          leftSection={<IconClock size={16} />}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
          nothingFoundMessage="No such time zone"
        />
        <Button onClick={submit} disabled={zone === website.timezone} loading={save.isPending}>
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
