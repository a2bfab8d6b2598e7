import { Badge, Button, Card, Collapse, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { type DateRange, defaultRange, type LogKind, pageCount } from '../../api/log-query';
import type { LogPage } from '../../api/logs.api';
import { SectionLoader } from '../full-page-loader';
import { PageHeader } from '../page-header';
import { ExportButton } from './export-button';
import { activeFilterLabels, type FilterSelect } from './filter-options';
import { LogFiltersPanel } from './log-filters';
import { LogFooter } from './log-footer';
import { LogEmpty, LogError } from './log-states';
import { logTexts } from './log-texts';
import type { useLogState } from './use-log-state';

/** The frame every log shares (spec §2 Clicks Log): header actions, filters, states, table and footer. */
export function LogScreen<T>({
  kind,
  title,
  subtitle,
  log,
  rows,
  selects,
  children,
}: {
  kind: LogKind;
  title: string;
  subtitle?: ReactNode;
  log: ReturnType<typeof useLogState>;
  rows: UseQueryResult<LogPage<T>>;
  selects: FilterSelect[];
  children: (rows: T[]) => ReactNode;
}) {
  const texts = logTexts[kind];
  const { state, dispatch } = log;
  const [refreshing, setRefreshing] = useState(false);
  const total = rows.data?.total ?? 0;
  // The rows render as a deferred update: React builds the table in slices between which the
  // browser answers input, instead of one long task when the page arrives (bench:web TBT).
  const shown = useDeferredValue(rows.data);
  const lastPage = pageCount(total, state.pageSize) - 1;
  // No rows for what is asked (a refused range, a failed first load): the rows of the last question
  // must not stay on screen as if they answered it. A failed refresh of the same rows keeps them.
  const failed = rows.isError && rows.data === undefined;

  // Rows gone since the page was chosen (a refresh, another tab): show the last page that has some.
  useEffect(() => {
    if (rows.data && !rows.isPlaceholderData && state.page > lastPage)
      dispatch({ type: 'setPage', page: lastPage });
  }, [rows.data, rows.isPlaceholderData, state.page, lastPage, dispatch]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await log.refresh();
    } catch {
      notifications.show({ color: 'red', message: texts.refreshFailed });
    } finally {
      setRefreshing(false);
    }
  };
  const active = activeFilterLabels(state.filters, selects);
  // Nothing narrowed by hand: an empty log then means nothing has arrived yet.
  const untouched = active.length === 0 && sameRange(state.range, defaultRange(new Date(), log.timeZone));

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              loading={refreshing}
            >
              Refresh All
            </Button>
            <Button
              variant="light"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={() => dispatch({ type: 'toggleFilters' })}
              aria-expanded={state.showFilters}
            >
              {state.showFilters ? 'Hide Filters' : 'Show Filters'}
            </Button>
            <ExportButton kind={kind} query={log.query} />
          </>
        }
      />
      <Collapse expanded={state.showFilters}>
        <LogFiltersPanel state={state} dispatch={dispatch} selects={selects} onApplyRange={log.applyRange} />
      </Collapse>
      {active.length > 0 && !state.showFilters ? (
        <Group gap="xs" mb="sm" aria-label="Applied filters">
          {active.map((label) => (
            <Badge key={label} variant="light" color="gray" tt="none">
              {label}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Card withBorder padding="md">
        {failed ? (
          <LogError
            message={rows.error.message ? texts.loadFailed(rows.error.message) : texts.loadFailedGeneric}
            onRetry={() => void rows.refetch()}
          />
        ) : !shown ? (
          <SectionLoader label={texts.loading} />
        ) : shown.rows.length === 0 ? (
          // With no filter the log is empty because nothing arrived yet: say what makes it arrive.
          <LogEmpty text={texts.empty} nextStep={untouched ? texts.nextStep : undefined} />
        ) : (
          children(shown.rows)
        )}
        {shown && !failed ? (
          <LogFooter
            shown={shown.rows.length}
            total={shown.total}
            noun={texts.noun}
            counts={texts.counts}
            page={state.page}
            pageSize={state.pageSize}
            fetching={rows.isFetching && !refreshing}
            onPage={(page) => dispatch({ type: 'setPage', page })}
            onPageSize={(pageSize) => dispatch({ type: 'setPageSize', pageSize })}
          />
        ) : null}
      </Card>
    </>
  );
}

const sameRange = (a: DateRange, b: DateRange) => a.start === b.start && a.end === b.end;
