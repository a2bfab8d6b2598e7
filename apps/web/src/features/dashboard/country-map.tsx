import { Center, Group, Text } from '@mantine/core';
import type { BreakdownRow } from '@ocx/contracts';
import { type KeyboardEvent, useMemo } from 'react';
import { useBreakdown } from '../../api/queries/use-breakdown';
import { InlineLoader } from '../../components/full-page-loader';
import { breakdownLabel } from './breakdown-format';
import type { BreakdownScope, BreakdownView } from './breakdown-view';
import { formatCount } from './dashboard-format';
import { WORLD_COUNTRIES, WORLD_VIEW_BOX } from './world-map';

/** Countries a map can colour: every one a breakdown can list. */
const MAP_ROWS = 300;
/** Shades of the brand colour from few visitors to the most (Mantine's 2 … 8). */
const SHADES = [2, 3, 4, 5, 6, 7, 8];

/** The shade of a country with `visitors`, against the country with the most. */
export function mapShade(visitors: number, most: number): number | null {
  if (visitors <= 0 || most <= 0) return null;
  const step = Math.ceil((visitors / most) * SHADES.length) - 1;
  return SHADES[Math.min(SHADES.length - 1, Math.max(0, step))] ?? null;
}

/**
 * Locations → Map (issue 27): the world coloured by visitors per country under the dashboard's
 * range and filters. A country with visitors says how many (its title) and, clicked or chosen
 * with Enter, filters the dashboard by it; the Countries tab lists the same rows.
 */
export default function CountryMap({ view, scope }: { view: BreakdownView; scope: BreakdownScope }) {
  const query = useBreakdown(scope.source, {
    range: scope.range,
    dimension: 'country',
    filters: scope.filters,
    limit: MAP_ROWS,
  });
  const byCode = useMemo(
    () => new Map((query.data?.rows ?? []).flatMap((r) => (r.value === null ? [] : [[r.value, r] as const]))),
    [query.data],
  );
  if (query.isPending)
    return (
      <Center py="xl">
        <InlineLoader label="Loading the map" />
      </Center>
    );
  if (query.isError)
    return (
      <Text size="sm" c="red" py="lg">
        Failed to load the countries: {query.error.message}
      </Text>
    );
  const most = Math.max(0, ...[...byCode.values()].map((r) => r.visitors));
  const pick = (row: BreakdownRow) => {
    if (row.value !== null) scope.onFilter?.('country', row.value, breakdownLabel('country', row));
  };
  return (
    <figure data-testid="country-map" style={{ margin: 0 }}>
      <svg viewBox={WORLD_VIEW_BOX}>
        <title>{`World map of visitors by country: ${byCode.size} ${byCode.size === 1 ? 'country' : 'countries'}`}</title>
        {WORLD_COUNTRIES.map(([code, d], i) => {
          const row = code ? byCode.get(code) : undefined;
          const shade = row ? mapShade(row.visitors, most) : null;
          const fill =
            shade === null ? 'var(--mantine-color-default-border)' : `var(--mantine-color-ocx-${shade})`;
          if (!row || !scope.onFilter)
            return (
              <path
                key={code || `x${i}`}
                d={d}
                fill={fill}
                stroke="var(--mantine-color-body)"
                strokeWidth={0.5}
              >
                {row ? <title>{describe(row)}</title> : null}
              </path>
            );
          const onKeyDown = (e: KeyboardEvent) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            pick(row);
          };
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it acts as one.
            <path
              key={code}
              d={d}
              fill={fill}
              stroke="var(--mantine-color-body)"
              strokeWidth={0.5}
              role="button"
              tabIndex={0}
              aria-label={`Filter by country ${describe(row)}`}
              onClick={() => pick(row)}
              onKeyDown={onKeyDown}
              style={{ cursor: 'pointer' }}
            >
              <title>{describe(row)}</title>
            </path>
          );
        })}
      </svg>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {byCode.size === 0 ? view.empty : 'Darker: more visitors. Click a country to filter by it.'}
        </Text>
        <Group gap={2} aria-hidden>
          {SHADES.map((s) => (
            <span
              key={s}
              style={{
                width: 12,
                height: 8,
                background: `var(--mantine-color-ocx-${s})`,
                display: 'inline-block',
              }}
            />
          ))}
        </Group>
      </Group>
    </figure>
  );
}

const describe = (row: BreakdownRow) =>
  `${breakdownLabel('country', row)}: ${formatCount(row.visitors)} ${row.visitors === 1 ? 'visitor' : 'visitors'}`;
