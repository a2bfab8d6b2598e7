import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { MetricHelp } from '../../components/metric-help';
import { formatCount, formatPercent, pagePath } from './dashboard-format';

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
        // Fixed layout: the counts keep their width and the path takes (and truncates in) the rest.
        <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed" data-testid="top-pages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>Page URL</Table.Th>
              <Table.Th ta="right" w={84} style={{ whiteSpace: 'nowrap' }}>
                Clicks <MetricHelp term="total-clicks" hint="Page views of this page in the range" />
              </Table.Th>
              <Table.Th ta="right" w={92} style={{ whiteSpace: 'nowrap' }}>
                % of Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.map((p, i) => (
              <Table.Tr key={p.url}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <Anchor
                    href={p.url}
                    target="_blank"
                    rel="noreferrer"
                    size="sm"
                    truncate="end"
                    title={p.url}
                    display="block"
                  >
                    {pagePath(p.url)}
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
        <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed" data-testid="top-referrers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>Referrer</Table.Th>
              <Table.Th ta="right" w={84} style={{ whiteSpace: 'nowrap' }}>
                Clicks <MetricHelp term="visits" hint="Visits that arrived from this referrer" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {referrers.map((r, i) => (
              <Table.Tr key={r.referrer}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" title={r.referrer}>
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
