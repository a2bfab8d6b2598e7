import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES, pageCount } from '../../api/log-query';
import { InlineLoader } from '../full-page-loader';
import { MetricHelp, type MetricTerm } from '../metric-help';
import { showingText } from './log-texts';

/** 'Showing N of M clicks', the rows-per-page choice and the page links. */
export function LogFooter({
  shown,
  total,
  noun,
  page,
  pageSize,
  fetching,
  onPage,
  onPageSize,
  counts,
}: {
  /** What one row counts, as the glossary says it. */
  counts: { term: MetricTerm; hint: string };
  shown: number;
  total: number;
  noun: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  fetching: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="log-showing">
          {showingText(shown, total, noun)}
        </Text>
        <MetricHelp term={counts.term} hint={counts.hint} />
        {fetching ? <InlineLoader size={14} label="Updating" /> : null}
      </Group>
      <Group gap="md" display={total > 0 ? undefined : 'none'}>
        <Group gap="xs">
          <Text size="sm" c="dimmed" component="label" htmlFor="log-page-size">
            Rows per page
          </Text>
          <Select
            id="log-page-size"
            w={84}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(value) => value && onPageSize(Number(value))}
            allowDeselect={false}
          />
        </Group>
        <Pagination
          size="sm"
          total={pageCount(total, pageSize)}
          value={page + 1}
          onChange={(p) => onPage(p - 1)}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      </Group>
    </Group>
  );
}
