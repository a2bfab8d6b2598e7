import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useBreakdown } from '../../api/queries/use-breakdown';
import { dialogCloseProps } from '../../components/dialog-close';
import { ScrollTable } from '../../components/scroll-table';
import { breakdownCsv, searchRows } from './breakdown-format';
import { BreakdownResult, type BreakdownTableProps } from './breakdown-table';
import type { BreakdownScope, BreakdownView } from './breakdown-view';

/** Rows a Details list reads: the API's maximum. */
const DETAIL_ROWS = 1000;

function saveCsv(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A panel's full list (lazy-loaded): every row up to 1,000, a search and a CSV of what it shows. */
export default function BreakdownDetails({
  title,
  view,
  scope,
  onPick,
  onClose,
}: {
  title: string;
  view: BreakdownView;
  scope: BreakdownScope;
  onPick: BreakdownTableProps['onPick'];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const query = useBreakdown(scope.source, {
    range: scope.range,
    dimension: view.dimension,
    filters: { ...scope.filters, ...view.filters },
    limit: DETAIL_ROWS,
  });
  const data = query.data;
  const rows = data ? searchRows(view.dimension, data.rows, search) : [];
  const shown = data ? { ...data, rows } : undefined;
  const pick =
    onPick &&
    ((row: Parameters<NonNullable<BreakdownTableProps['onPick']>>[0]) => {
      onPick(row);
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={dialogCloseProps(title)}>
      <Stack gap="sm">
        <Group gap="sm" align="end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder={`Search ${view.column.toLowerCase()}`}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!data || rows.length === 0}
            onClick={() =>
              data &&
              saveCsv(
                breakdownCsv(view.dimension, rows, data.visitors),
                `${view.dimension}-${scope.range}.csv`,
              )
            }
          >
            Export CSV
          </Button>
        </Group>
        {data && data.total > data.rows.length ? (
          <Text size="xs" c="dimmed">
            The first {DETAIL_ROWS.toLocaleString()} of {data.total.toLocaleString()} rows.
          </Text>
        ) : null}
        <ScrollTable minWidth={560}>
          <BreakdownResult
            query={{ ...query, data: shown }}
            empty={search ? 'No rows match the search.' : view.empty}
            dimension={view.dimension}
            column={view.column}
            onPick={pick}
            extraColumns
          />
        </ScrollTable>
      </Stack>
    </Modal>
  );
}
