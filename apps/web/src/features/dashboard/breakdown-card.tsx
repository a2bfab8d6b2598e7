import { Button, Card, Group, NativeSelect, Tabs, Title } from '@mantine/core';
import {
  type BreakdownDimension,
  type BreakdownFilterKey,
  type BreakdownRow,
  breakdownFilterKeys,
} from '@ocx/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PANEL_ROWS, useBreakdown } from '../../api/queries/use-breakdown';
import { breakdownLabel } from './breakdown-format';
import { BreakdownResult } from './breakdown-table';
import type { BreakdownScope, BreakdownView } from './breakdown-view';

export type { BreakdownScope, BreakdownView } from './breakdown-view';

const BreakdownDetails = lazy(() => import('./breakdown-details'));
// The world's shapes (26 KB) load with the Map tab only.
const CountryMap = lazy(() => import('./country-map'));

/** A tab of a panel; with several views it offers a select between them (the UTM parameters). */
export interface BreakdownTab {
  value: string;
  label: string;
  views: BreakdownView[];
}

const filterKeyOf = (dimension: BreakdownDimension): BreakdownFilterKey | null =>
  (breakdownFilterKeys as readonly string[]).includes(dimension) ? (dimension as BreakdownFilterKey) : null;

/** A dashboard panel of breakdowns: tabs of dimensions, the top rows, and Details for all of them. */
export function BreakdownCard({
  id,
  title,
  tabs,
  scope,
  footer,
}: {
  id: string;
  title: string;
  tabs: BreakdownTab[];
  scope: BreakdownScope;
  /** Under the table: a credit the data's licence asks for. */
  footer?: ReactNode;
}) {
  const [tab, setTab] = useState(tabs[0]?.value ?? '');
  const [choice, setChoice] = useState<Record<string, number>>({});
  const [details, setDetails] = useState(false);
  const active = tabs.find((t) => t.value === tab) ?? tabs[0];
  const view = active?.views[choice[tab] ?? 0];
  if (!active || !view) return null;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="xs" wrap="nowrap" gap="xs">
        <Title order={4} id={id}>
          {title}
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setDetails(true)}
          aria-label={`${title} details: ${view.label}`}
        >
          Details
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} px="xs">
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="xs">
            {t.views.length > 1 ? (
              <NativeSelect
                size="xs"
                label={`${t.label} parameter`}
                value={view.dimension}
                onChange={(e) =>
                  setChoice({
                    ...choice,
                    [t.value]: t.views.findIndex((v) => v.dimension === e.currentTarget.value),
                  })
                }
                data={t.views.map((v) => ({ value: v.dimension, label: v.label }))}
                maw={220}
                mb="xs"
              />
            ) : null}
            {view.map ? (
              <Suspense fallback={null}>
                <CountryMap view={view} scope={scope} />
              </Suspense>
            ) : (
              <ViewRows view={view} scope={scope} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {footer}
      {details ? (
        <Suspense fallback={null}>
          <BreakdownDetails
            title={`${title}: ${view.label}`}
            view={view}
            scope={scope}
            onPick={pickerFor(view, scope)}
            onClose={() => setDetails(false)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** How clicking a row of the view filters the dashboard, when its dimension is a filter. */
export function pickerFor(view: BreakdownView, scope: BreakdownScope) {
  const key = filterKeyOf(view.dimension);
  const { onFilter } = scope;
  if (!key || !onFilter) return undefined;
  return (row: BreakdownRow) => {
    if (row.value !== null) onFilter(key, row.value, breakdownLabel(view.dimension, row));
  };
}

/** The top rows of a view. */
export function ViewRows({ view, scope }: { view: BreakdownView; scope: BreakdownScope }) {
  const query = useBreakdown(scope.source, {
    range: scope.range,
    dimension: view.dimension,
    filters: { ...scope.filters, ...view.filters },
    limit: PANEL_ROWS,
  });
  return (
    <BreakdownResult
      query={query}
      empty={view.empty}
      dimension={view.dimension}
      column={view.column}
      onPick={pickerFor(view, scope)}
    />
  );
}
