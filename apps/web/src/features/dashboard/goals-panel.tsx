import { Button, Card, Group, NativeSelect, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useBreakdown } from '../../api/queries/use-breakdown';
import { type BreakdownScope, type BreakdownView, pickerFor, ViewRows } from './breakdown-card';

const BreakdownDetails = lazy(() => import('./breakdown-details'));

const GOALS: BreakdownView = {
  dimension: 'goal',
  label: 'Goals',
  column: 'Goal',
  empty: 'No goals completed in this range',
};
const ANY_GOAL = '';

/**
 * Goals reached (rate: of all visitors), and per goal the values of its visitors' custom event
 * properties (plan=pro, plan=free).
 */
export function GoalsPanel({ scope }: { scope: BreakdownScope }) {
  const [tab, setTab] = useState('goals');
  const [goal, setGoal] = useState(ANY_GOAL);
  const [chosenKey, setKey] = useState<string | null>(null);
  const [details, setDetails] = useState(false);
  const base = { range: scope.range, filters: scope.filters, limit: 100 };
  const goals = useBreakdown(scope.source, { ...base, dimension: 'goal' }, { enabled: tab === 'properties' });
  const goalFilter = goal === ANY_GOAL ? {} : { goal };
  const keys = useBreakdown(
    scope.source,
    { ...base, dimension: 'prop_key', filters: { ...scope.filters, ...goalFilter } },
    { enabled: tab === 'properties' },
  );
  const keyList = (keys.data?.rows ?? []).flatMap((r) => (r.value === null ? [] : [r.value]));
  const key = chosenKey !== null && keyList.includes(chosenKey) ? chosenKey : (keyList[0] ?? null);
  const properties: BreakdownView | null =
    key === null
      ? null
      : {
          dimension: `prop:${key}`,
          label: `Property ${key}`,
          column: key,
          empty: 'No values in this range',
          filters: goalFilter,
        };
  const view = tab === 'properties' ? properties : GOALS;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="breakdown-goals">
      <Group justify="space-between" mb="xs" wrap="nowrap" gap="xs">
        <Title order={4} id="breakdown-goals">
          Goals
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          disabled={!view}
          onClick={() => setDetails(true)}
          aria-label={`Goals details: ${view?.label ?? ''}`}
        >
          Details
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="goals" px="xs">
            Goals
          </Tabs.Tab>
          <Tabs.Tab value="properties" px="xs">
            Properties
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="goals" pt="xs">
          <ViewRows view={GOALS} scope={scope} />
        </Tabs.Panel>
        <Tabs.Panel value="properties" pt="xs">
          <Group gap="sm" mb="xs" wrap="wrap">
            <NativeSelect
              size="xs"
              label="Goal"
              value={goal}
              onChange={(e) => setGoal(e.currentTarget.value)}
              data={[
                { value: ANY_GOAL, label: 'Any visitor' },
                ...(goals.data?.rows ?? []).flatMap((r) =>
                  r.value === null ? [] : [{ value: r.value, label: r.value }],
                ),
              ]}
              w={200}
            />
            <NativeSelect
              size="xs"
              label="Property"
              value={key ?? ''}
              onChange={(e) => setKey(e.currentTarget.value)}
              data={keyList.length > 0 ? keyList : [{ value: '', label: 'No properties' }]}
              disabled={keyList.length === 0}
              w={200}
            />
          </Group>
          {properties ? (
            <ViewRows view={properties} scope={scope} />
          ) : (
            <Text size="sm" c="dimmed" py="lg" ta="center">
              {keys.isPending ? 'Loading properties...' : 'No custom event properties in this range'}
            </Text>
          )}
        </Tabs.Panel>
      </Tabs>
      {details && view ? (
        <Suspense fallback={null}>
          <BreakdownDetails
            title={`Goals: ${view.label}`}
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
