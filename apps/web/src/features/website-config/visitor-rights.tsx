import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Website } from '@ocx/contracts';
import { useState } from 'react';
import { refusalOr } from '../../api/client';
import { useEraseVisitor, useFindVisitor } from '../../api/mutations/use-visitor-mutations';
import { type VisitorCounts, type VisitorLookupKind, visitorsApi } from '../../api/visitors.api';
import { openConfirm } from '../../components/dialog-close';
import { ScrollTable } from '../../components/scroll-table';
import { ErasureLog } from './erasure-log';

const kinds: { value: VisitorLookupKind; label: string }[] = [
  { value: 'visitorId', label: 'Visitor id' },
  { value: 'userId', label: 'User id (identify)' },
  { value: 'orderId', label: 'Order id' },
];

/**
 * A visitor's rights (GDPR Art. 15 and 17): find what is stored about a person, download it as
 * JSON, or erase it. The server logs each erasure (who, when, how many rows), never the data; the
 * log shows below.
 */
export function VisitorRights({ website }: { website: Website }) {
  const [kind, setKind] = useState<VisitorLookupKind>('visitorId');
  // What found the visitors shown: the log keeps it with their erasure.
  const [foundBy, setFoundBy] = useState<VisitorLookupKind>('visitorId');
  const [value, setValue] = useState('');
  const find = useFindVisitor(website.id, {
    onError: (err) =>
      notifications.show({ color: 'red', message: refusalOr(err, 'Failed to find the visitor') }),
  });
  const lookUp = () => {
    setFoundBy(kind);
    find.mutate({ kind, value: value.trim() });
  };
  const erase = useEraseVisitor(website.id, {
    onSuccess: ({ deleted }) => {
      notifications.show({
        color: 'ocx',
        message: `Erased ${deleted.events} events and ${deleted.conversions} conversions`,
      });
      lookUp();
    },
    onError: (err) =>
      notifications.show({ color: 'red', message: refusalOr(err, 'Failed to erase the visitor') }),
  });
  const confirmErase = (visitor: VisitorCounts) =>
    openConfirm({
      title: 'Erase visitor data',
      children: `Everything stored about ${visitor.visitorId} on ${website.name} is deleted for good. The erasure log keeps who did it and how many rows went.`,
      labels: { confirm: 'Erase', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => erase.mutate({ visitorId: visitor.visitorId, foundBy }),
    });

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Visitor data
      </Text>
      <Text size="sm" c="dimmed">
        Answer a visitor who asks for their data or its erasure: find them, download everything stored as
        JSON, or erase it.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) lookUp();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Find by"
            data={kinds}
            value={kind}
            onChange={(v) => setKind((v as VisitorLookupKind | null) ?? 'visitorId')}
            allowDeselect={false}
            w={200}
          />
          <TextInput
            label="Value"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            maw={360}
          />
          <Button type="submit" variant="default" loading={find.isPending}>
            Find
          </Button>
        </Group>
      </form>
      {find.data && find.data.visitors.length === 0 ? (
        <Text size="sm">
          No data is stored for this {kinds.find((k) => k.value === kind)?.label.toLowerCase()}.
        </Text>
      ) : null}
      {find.data && find.data.visitors.length > 0 ? (
        <ScrollTable minWidth={520} label="Visitors found">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Visitor</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Visits</Table.Th>
                <Table.Th>Conversions</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {find.data.visitors.map((visitor) => (
                <Table.Tr key={visitor.visitorId}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{visitor.visitorId}</Table.Td>
                  <Table.Td>{visitor.events}</Table.Td>
                  <Table.Td>{visitor.clicks}</Table.Td>
                  <Table.Td>{visitor.conversions}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Anchor href={visitorsApi.exportUrl(website.id, visitor.visitorId)} download size="sm">
                        Export JSON
                      </Anchor>
                      <Button size="xs" color="red" variant="light" onClick={() => confirmErase(visitor)}>
                        Erase
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      <ErasureLog websiteId={website.id} />
    </Stack>
  );
}
