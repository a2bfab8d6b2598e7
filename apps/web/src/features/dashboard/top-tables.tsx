import { ActionIcon, Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MetricHelp } from '../../components/metric-help';
import type { OnFilter } from './dashboard-filters';
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
        <Text size="sm" truncate="end" title={url} c="var(--mantine-color-anchor)">
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

/** Spec §2 Top Referrers: clicks (session entrances) per referring domain; top 10. A domain filters by it. */
export function TopReferrers({
  referrers,
  onFilter,
}: {
  referrers: Dashboard['topReferrers'];
  onFilter?: OnFilter | undefined;
}) {
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
                  {onFilter ? (
                    <FilterButton
                      label={`referrer ${r.referrer}`}
                      onClick={() => onFilter('referrer', r.referrer, r.referrer)}
                    >
                      <Text size="sm" truncate="end" title={r.referrer} c="var(--mantine-color-anchor)">
                        {r.referrer}
                      </Text>
                    </FilterButton>
                  ) : (
                    <Text size="sm" truncate="end" title={r.referrer}>
                      {r.referrer}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatCount(r.visits)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
