import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { formatCount, formatPercent } from './dashboard-format';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id} h="100%">
      <Title order={4} id={id} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const num = { fontVariantNumeric: 'tabular-nums' } as const;

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" py="lg" ta="center">
      {text}
    </Text>
  );
}

/** Spec §2 Top Pages: #, Page URL, Clicks, % of Total (one decimal); top 10. */
export function TopPages({ pages }: { pages: Dashboard['topPages'] }) {
  return (
    <Panel id="top-pages" title="Top Pages">
      {pages.length === 0 ? (
        <Empty text="No page data available" />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" data-testid="top-pages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>Page URL</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
                <Table.Th ta="right">% of Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.map((p, i) => (
                <Table.Tr key={p.url}>
                  <Table.Td c="dimmed">{i + 1}</Table.Td>
                  <Table.Td maw={360}>
                    <Anchor
                      href={p.url}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      lineClamp={1}
                      title={p.url}
                    >
                      {p.url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCount(p.clicks)}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatPercent(p.percent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

/** Spec §2 Top Referrers: clicks (session entrances) per referring domain; top 10. */
export function TopReferrers({ referrers }: { referrers: Dashboard['topReferrers'] }) {
  return (
    <Panel id="top-referrers" title="Top Referrers">
      {referrers.length === 0 ? (
        <Empty text="No referrer data available" />
      ) : (
        <Table verticalSpacing="xs" data-testid="top-referrers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Referrer</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {referrers.map((r, i) => (
              <Table.Tr key={r.referrer}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1} title={r.referrer}>
                    {r.referrer}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatCount(r.clicks)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
