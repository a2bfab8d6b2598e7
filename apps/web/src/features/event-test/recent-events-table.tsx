import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { channelLabel, type RecentEvent } from '@ocx/core';
import { formatDateTimeSeconds } from '../../components/date-format';

const TYPE_COLOR: Record<string, string> = {
  pageview: 'blue',
  click: 'grape',
  custom: 'teal',
  identify: 'orange',
};

/** A row's key: stored events and test events are numbered apart, so the id alone may repeat. */
export const rowKey = (e: RecentEvent) => `${e.test ? 'test' : 'event'}-${e.id}`;

export function RecentEventsTable({
  events,
  highlight,
  campaignNames,
}: {
  events: RecentEvent[];
  /** Keys (rowKey) of the rows that arrived while the screen was open. */
  highlight: Set<string>;
  /** Names by campaign id; an id not in it (a deleted campaign) shows as "Campaign". */
  campaignNames: Map<string, string>;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" striped highlightOnHover data-testid="recent-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Page / Event</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr
              key={rowKey(e)}
              bg={highlight.has(rowKey(e)) ? 'var(--mantine-color-ocx-light)' : undefined}
            >
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTimeSeconds(e.ts)}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* Whole badges on a phone too: the table scrolls sideways instead. */}
                <Group gap={4} wrap="nowrap" miw={e.test ? 140 : 90}>
                  <Badge variant="light" color={TYPE_COLOR[e.type] ?? 'gray'} style={{ flexShrink: 0 }}>
                    {e.type}
                  </Badge>
                  {e.test ? (
                    <Tooltip label="A test event: kept apart, it counts in no report">
                      <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
                        Test
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" truncate title={e.url}>
                  {e.type === 'custom' && e.name ? e.name : e.path}
                </Text>
              </Table.Td>
              <Table.Td>{channelLabel(e.channel)}</Table.Td>
              <Table.Td>
                {e.campaignId ? (
                  <Badge variant="outline" tt="none" maw={180} title={campaignNames.get(e.campaignId)}>
                    {campaignNames.get(e.campaignId) ?? 'Campaign'}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Tooltip label={`${e.browser ?? 'Unknown'} / ${e.os ?? 'Unknown'}`}>
                  <Text size="sm" span>
                    {e.deviceType ?? 'Unknown'}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>{e.country ?? 'Unknown'}</Table.Td>
              <Table.Td>
                {e.value === null
                  ? '-'
                  : new Intl.NumberFormat(undefined, {
                      style: 'currency',
                      currency: e.currency ?? 'USD',
                    }).format(e.value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
