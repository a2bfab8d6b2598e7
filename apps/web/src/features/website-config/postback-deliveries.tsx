import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { PostbackDelivery } from '@ocx/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { usePostbackDeliveries } from '../../api/queries/use-postback-deliveries';
import { formatDateTime } from '../../components/date-format';
import { FormError } from '../../components/form-error';
import { InlineLoader } from '../../components/full-page-loader';
import { ScrollTable } from '../../components/scroll-table';
import { deliveryResult } from './integrations-format';

const STATUS_COLOR: Record<PostbackDelivery['status'], string> = {
  delivered: 'green',
  pending: 'yellow',
  failed: 'red',
};

/** The latest postback calls and how the receiver answered; refreshed every 10 seconds. */
export function PostbackDeliveries({ websiteId }: { websiteId: string }) {
  const query = usePostbackDeliveries(websiteId);
  const refresh = (
    <Tooltip label="Refresh (every 10 s automatically)">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label="Refresh delivery log"
        onClick={() => query.refetch()}
        loading={query.isFetching}
      >
        <IconRefresh size={16} />
      </ActionIcon>
    </Tooltip>
  );

  if (query.isPending) return <InlineLoader label="Loading delivery log" />;
  if (query.error) return <FormError message={`Failed to load the delivery log: ${query.error.message}`} />;

  const deliveries = query.data;
  if (deliveries.length === 0) {
    return (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          No postbacks sent yet. Each conversion is sent here once a postback URL is saved.
        </Text>
        {refresh}
      </Group>
    );
  }

  return (
    <>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Latest {deliveries.length} {deliveries.length === 1 ? 'delivery' : 'deliveries'}
        </Text>
        {refresh}
      </Group>
      <ScrollTable minWidth={760} label="Postback deliveries">
        <Table verticalSpacing="xs" striped highlightOnHover data-testid="postback-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Last result</Table.Th>
              <Table.Th>Next retry</Table.Th>
              <Table.Th>URL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}

function DeliveryRow({ delivery: d }: { delivery: PostbackDelivery }) {
  const result = deliveryResult(d);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[d.status]}>
          {d.status}
        </Badge>
      </Table.Td>
      <Table.Td>{d.attempts}</Table.Td>
      <Table.Td maw={220}>
        <Text
          size="sm"
          c={result.ok === false ? 'red' : result.ok === null ? 'dimmed' : undefined}
          truncate
          title={result.text}
        >
          {result.text}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.nextAttemptAt)}</Table.Td>
      <Table.Td maw={320}>
        <Tooltip label={d.url} multiline maw={520} style={{ wordBreak: 'break-all' }}>
          <Text size="sm" ff="monospace" truncate>
            {d.url}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
