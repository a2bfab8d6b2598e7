import { ActionIcon, Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PANEL_ROWS, useBreakdown } from '../../api/queries/use-breakdown';
import { MetricHelp } from '../../components/metric-help';
import type { DashboardBreakdowns, OnFilter } from './dashboard-filters';
import { formatCount, formatPercent, pagePath } from './dashboard-format';
import { FilterButton } from './filter-button';

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

/**
 * A page of Top Pages by its path: with `onFilter`, the path filters the dashboard by the page and
 * an icon opens it on the website; without (a shared link), the path opens it.
 */
function PageCell({ url, onFilter }: { url: string; onFilter?: OnFilter | undefined }) {
  const path = pagePath(url);
  if (!onFilter)
    return (
      <Anchor
        href={url}
        target="_blank"
        rel="noreferrer"
        size="sm"
        truncate="end"
        title={url}
        display="block"
      >
        {path}
      </Anchor>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <FilterButton label={`page ${path}`} onClick={() => onFilter('page', path, path)}>
        <Text size="sm" className="ocx-cut-wide" title={url} c="var(--mantine-color-anchor)">
          {path}
        </Text>
      </FilterButton>
      <ActionIcon
        component="a"
        href={url}
        target="_blank"
        rel="noreferrer"
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Open ${path} on the website`}
      >
        <IconExternalLink size={14} />
      </ActionIcon>
    </Group>
  );
}

/** Spec §2 Top Pages: #, Page URL, Clicks, % of Total (one decimal); top 10. A path filters by its page. */
export function TopPages({
  pages,
  onFilter,
}: {
  pages: Dashboard['topPages'];
  onFilter?: OnFilter | undefined;
}) {
  return (
    <Panel id="top-pages" title="Top Pages">
      {pages.length === 0 ? (
        <Empty text="No page data available" />
      ) : (
        // Fixed layout: the counts keep their width and the path takes the rest, truncated on wide
        // screens; on a phone the path wraps (cut to '/pro…', the product pages all looked alike).
        <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed" data-testid="top-pages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={{ base: 24, sm: 32 }}>#</Table.Th>
              <Table.Th>Page URL</Table.Th>
              <Table.Th ta="right" w={{ base: 72, sm: 92 }} style={{ whiteSpace: 'nowrap' }}>
                Clicks <MetricHelp term="total-clicks" hint="Page views of this page in the range" />
                <Unit>page views</Unit>
              </Table.Th>
              <Table.Th ta="right" w={{ base: 60, sm: 92 }}>
                % of Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.map((p, i) => (
              <Table.Tr key={p.url}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <PageCell url={p.url} onFilter={onFilter} />
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatCount(p.pageviews)}
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

/** A column's unit under its name. */
function Unit({ children }: { children: ReactNode }) {
  return (
    <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
      {children}
    </Text>
  );
}

/**
 * Spec §2 Top Referrers: visitors per referring domain, top 10. The rows of the Sources panel's
 * Referrers tab, read with the same request (docs/metrics.md#visitors-by-source). A domain filters by it.
 */
export function TopReferrers({
  breakdowns,
  onFilter,
}: {
  breakdowns: DashboardBreakdowns;
  onFilter?: OnFilter | undefined;
}) {
  const query = useBreakdown(breakdowns.source, {
    range: breakdowns.range,
    dimension: 'referrer',
    filters: breakdowns.filters,
    limit: PANEL_ROWS,
  });
  const referrers = query.data?.rows ?? [];
  return (
    <Panel id="top-referrers" title="Top Referrers">
      {query.error ? (
        <Empty text={`Failed to load referrers: ${query.error.message}`} />
      ) : !query.data ? (
        <Empty text="Loading referrers..." />
      ) : referrers.length === 0 ? (
        <Empty text="No referrer data available" />
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed" data-testid="top-referrers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>Referrer</Table.Th>
              <Table.Th ta="right" w={92} style={{ whiteSpace: 'nowrap' }}>
                Visitors{' '}
                <MetricHelp term="visitors-by-source" hint="Visitors who arrived from this referrer" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {referrers.map((r, i) => {
              const referrer = r.value ?? '';
              return (
                <Table.Tr key={referrer}>
                  <Table.Td c="dimmed">{i + 1}</Table.Td>
                  <Table.Td>
                    {onFilter ? (
                      <FilterButton
                        label={`referrer ${referrer}`}
                        onClick={() => onFilter('referrer', referrer, referrer)}
                      >
                        <Text size="sm" truncate="end" title={referrer} c="var(--mantine-color-anchor)">
                          {referrer}
                        </Text>
                      </FilterButton>
                    ) : (
                      <Text size="sm" truncate="end" title={referrer}>
                        {referrer}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCount(r.visitors)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
