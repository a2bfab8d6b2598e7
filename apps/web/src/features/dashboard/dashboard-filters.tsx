import { Button, CloseButton, Group, type MantineSpacing, Paper, Text } from '@mantine/core';
import {
  type BreakdownFilterKey,
  type BreakdownFilters,
  breakdownFilterKeys,
  type DashboardRange,
} from '@ocx/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BreakdownSource } from '../../api/breakdown.api';
import {
  type DashboardRangeParam,
  DEFAULT_DASHBOARD_RANGE,
  filtersInParams,
  rangeInParams,
} from '../../api/dashboard-filter-params';
import { breakdownLabel } from './breakdown-format';

const FILTER_NAMES: Record<BreakdownFilterKey, string> = {
  country: 'Country',
  region: 'Region',
  city: 'City',
  device: 'Device',
  browser: 'Browser',
  os: 'OS',
  screen: 'Screen',
  page: 'Page',
  entry_page: 'Entry page',
  exit_page: 'Exit page',
  referrer: 'Referrer',
  channel: 'Channel',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  campaign: 'Campaign',
  goal: 'Goal',
};

/** Adds a filter from a clicked value: its key, its value, and what the chip shows for it. */
/** Where a dashboard's panels read breakdown rows: the website or shared link, its range and filters. */
export interface DashboardBreakdowns {
  source: BreakdownSource;
  range: DashboardRange;
  filters: BreakdownFilters;
}

export type OnFilter = (key: BreakdownFilterKey, value: string, label: string) => void;

/**
 * The dashboard's filters (issue 23: filters that follow the data), kept in the address
 * (`?country=DE&page=/pricing`) so a filtered view can be reloaded and shared; every panel and
 * breakdown reads them. Labels picked here (a campaign's name for its id) are remembered.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const filters = useMemo(() => filtersInParams(params), [params]);
  const add = useCallback(
    (key: BreakdownFilterKey, value: string, label: string) => {
      setLabels((known) => ({ ...known, [`${key}=${value}`]: label }));
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      });
    },
    [setParams],
  );
  const remove = useCallback(
    (key: BreakdownFilterKey | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const k of key ? [key] : breakdownFilterKeys) next.delete(k);
        return next;
      }),
    [setParams],
  );
  const labelOf = (key: BreakdownFilterKey, value: string) =>
    labels[`${key}=${value}`] ?? breakdownLabel(key, { value });
  return { filters, add, remove, labelOf };
}

/**
 * The dashboard's range, kept in the address beside the filters (`?range=30d`): reload, Back and a
 * shared link open the same range. Each choice is a step Back returns from.
 */
export function useDashboardRange() {
  const [params, setParams] = useSearchParams();
  const range = rangeInParams(params);
  const setRange = useCallback(
    (next: DashboardRangeParam) =>
      setParams((current) => {
        const written = new URLSearchParams(current);
        if (next === DEFAULT_DASHBOARD_RANGE) written.delete('range');
        else written.set('range', next);
        return written;
      }),
    [setParams],
  );
  return [range, setRange] as const;
}

/** The applied filters as removable chips. */
export function FilterChips({
  filters,
  labelOf,
  onRemove,
  mb,
}: {
  filters: BreakdownFilters;
  labelOf: (key: BreakdownFilterKey, value: string) => string;
  onRemove: (key: BreakdownFilterKey | null) => void;
  /** The space below, where the chips do not sit in a Stack. */
  mb?: MantineSpacing;
}) {
  const applied = breakdownFilterKeys.flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [{ key, value }];
  });
  if (applied.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" mb={mb} data-testid="filter-chips">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          Filtered by
        </Text>
        {applied.map(({ key, value }) => {
          const text = `${FILTER_NAMES[key]}: ${labelOf(key, value)}`;
          return (
            <Group
              key={key}
              gap={4}
              wrap="nowrap"
              pl="sm"
              pr={4}
              py={2}
              bg="var(--mantine-color-default-hover)"
              style={{ borderRadius: 'var(--mantine-radius-xl)', maxWidth: '100%' }}
            >
              <Text size="sm" truncate="end" title={text}>
                {text}
              </Text>
              <CloseButton size="sm" aria-label={`Remove filter ${text}`} onClick={() => onRemove(key)} />
            </Group>
          );
        })}
        {applied.length > 1 ? (
          <Button size="compact-sm" variant="subtle" onClick={() => onRemove(null)}>
            Clear filters
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
