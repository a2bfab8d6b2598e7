import { Card, Stack, Table, Text } from '@mantine/core';
import { useVisitorErasures } from '../../api/queries/use-visitor-erasures';
import type { VisitorErasure, VisitorLookupKind } from '../../api/visitors.api';

const foundByLabels: Record<VisitorLookupKind, string> = {
  visitorId: 'visitor id',
  userId: 'user id',
  orderId: 'order id',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who erased: the member's email, the website's API key, or a member who has since left. */
function eraserLabel(e: VisitorErasure): string {
  if (e.erasedBy === 'api-key') return 'API key';
  return e.erasedByEmail ?? 'A former member';
}

/** "visi… (found by user id)": the visitor id's first characters and what found them. */
function erasedVisitorLabel(e: VisitorErasure): string {
  const found = e.foundBy ? ` (found by ${foundByLabels[e.foundBy]})` : '';
  return `${e.visitorRef ?? 'Not recorded'}${found}`;
}

/** Every row the erasure deleted, and the main kinds. */
function rowsDeleted(e: VisitorErasure): { total: number; detail: string } {
  const c = e.counts;
  const total = c.events + c.clicks + c.conversions + c.credits + c.identities + c.postbackDeliveries;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const detail = [
    plural(c.events, 'event'),
    plural(c.clicks, 'visit'),
    plural(c.conversions, 'conversion'),
    ...(c.credits ? [plural(c.credits, 'credit')] : []),
    ...(c.identities ? [plural(c.identities, 'user id link')] : []),
    ...(c.postbackDeliveries ? [plural(c.postbackDeliveries, 'postback')] : []),
  ].join(', ');
  return { total, detail };
}

/** The erasure log (GDPR accountability): when, who, which visitor, how many rows — never the data. */
export function ErasureLog({ websiteId }: { websiteId: string }) {
  const log = useVisitorErasures(websiteId);
  return (
    <>
      <Text fw={600} size="sm" mt="sm" id="erasure-log">
        Erasure log
      </Text>
      {log.isPending ? (
        <Text size="sm" c="dimmed">
          Loading the erasure log...
        </Text>
      ) : log.error ? (
        <Text size="sm" c="red" role="alert">
          Failed to load the erasure log: {log.error.message}
        </Text>
      ) : log.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visitor data has been erased on this website.
        </Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm" data-testid="erasure-log-list">
            {log.data.map((e) => {
              const rows = rowsDeleted(e);
              return (
                <Card key={e.id} withBorder padding="sm" radius="sm">
                  <Text size="sm" fw={600}>
                    {when.format(new Date(e.erasedAt))}
                  </Text>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {eraserLabel(e)}
                  </Text>
                  <Text size="sm">{erasedVisitorLabel(e)}</Text>
                  <Text size="sm">
                    {rows.total} rows deleted: {rows.detail}
                  </Text>
                </Card>
              );
            })}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table aria-labelledby="erasure-log" data-testid="erasure-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Visitor</Table.Th>
                  <Table.Th>Rows deleted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.map((e) => {
                  const rows = rowsDeleted(e);
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {when.format(new Date(e.erasedAt))}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{eraserLabel(e)}</Table.Td>
                      <Table.Td>{erasedVisitorLabel(e)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600} span>
                          {rows.total}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {rows.detail}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Text size="xs" c="dimmed">
        The log keeps who erased, when and how many rows went, with the visitor id's first characters — never
        the data.
      </Text>
    </>
  );
}
