import { Button, Card, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconFilter, IconFilterOff } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { rangeErrors } from '../../api/log-query';
import { ALL, type FilterSelect, selectData } from './filter-options';
import type { LogAction, LogState } from './log-state';

export function LogFiltersPanel({
  state,
  dispatch,
  selects,
  onApplyRange,
}: {
  state: LogState;
  dispatch: Dispatch<LogAction>;
  selects: FilterSelect[];
  onApplyRange: () => void;
}) {
  const errors = rangeErrors(state.draftRange);
  const invalid = Boolean(errors.start || errors.end);
  return (
    <Card withBorder padding="md" mb="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 2 + selects.length }} spacing="sm">
        <TextInput
          type="date"
          label="Start Date"
          value={state.draftRange.start}
          error={errors.start}
          onChange={(e) => dispatch({ type: 'editRange', range: { start: e.currentTarget.value } })}
        />
        <TextInput
          type="date"
          label="End Date"
          value={state.draftRange.end}
          error={errors.end}
          onChange={(e) => dispatch({ type: 'editRange', range: { end: e.currentTarget.value } })}
        />
        {selects.map((s) => (
          <Select
            key={s.key}
            label={s.label}
            data={selectData(s.options, state.draftFilters[s.key])}
            value={state.draftFilters[s.key] ?? ALL}
            onChange={(value) =>
              dispatch({ type: 'editFilter', key: s.key, value: value === ALL ? null : value })
            }
            allowDeselect={false}
            searchable
            // Props replace the theme's comboboxProps whole: keepMounted: false again (theme.ts says why).
            comboboxProps={{ withinPortal: true, keepMounted: false }}
          />
        ))}
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button
          variant="light"
          leftSection={<IconCalendarEvent size={16} />}
          onClick={onApplyRange}
          disabled={invalid}
        >
          Apply Date Range
        </Button>
        <Button leftSection={<IconFilter size={16} />} onClick={() => dispatch({ type: 'applyFilters' })}>
          Apply Filters
        </Button>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => dispatch({ type: 'clearFilters' })}
        >
          Clear Filters
        </Button>
      </Group>
    </Card>
  );
}
