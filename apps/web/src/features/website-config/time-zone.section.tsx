import { Select, Text } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { IconClock } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { timeZoneNames, zoneLabel } from '../../components/time-zone';
import { ConfigSection } from './config-section';
import { RollupRebuild } from './rollup-rebuild';

interface Props {
  website: Website | null;
  timezone: string;
  onChange(timezone: string): void;
  error?: ReactNode;
  /** A new zone was saved: the section follows the rebuild of the daily figures to its end. */
  zoneSaved: boolean;
}

/**
 * The website's time zone (docs/definitions.md#time-zone): every day, hour and date its reports show.
 * Saved with the rest of the configuration; a new zone re-keys the daily figures in the background.
 */
export function TimeZoneSection({ website, timezone, onChange, error, zoneSaved }: Props) {
  const options = useMemo(
    () => timeZoneNames(timezone).map((z) => ({ value: z, label: zoneLabel(z) })),
    [timezone],
  );
  return (
    <ConfigSection
      title="Time Zone"
      description="Every day, hour and date of this website's dashboard, logs, funnels and exports is in this zone; changing it rebuilds the daily figures in the background. Billing months stay UTC."
    >
      <Select
        label="Website time zone"
        data={options}
        value={timezone}
        onChange={(value) => value && onChange(value)}
        error={error}
        searchable
        allowDeselect={false}
        leftSection={<IconClock size={16} />}
        maw={420}
        nothingFoundMessage="No such time zone"
      />
      {website ? (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            Now: {zoneLabel(website.timezone)}
          </Text>
          <RollupRebuild website={website} changed={zoneSaved} />
        </>
      ) : null}
    </ConfigSection>
  );
}
