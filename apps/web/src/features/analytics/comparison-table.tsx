import { Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  type AttributionModel,
  attributionModels,
  type SpendModelFigures,
  type SpendRow,
} from '@ocx/contracts';
import { MODEL_DESCRIPTIONS, MODEL_LABELS } from '@ocx/core';
import type { CSSProperties } from 'react';
import type { Comparison, ComparisonCell } from '../../components/attribution/attribution-comparison';
import { ConversionCount } from '../../components/attribution/conversion-count';
import { formatCost, formatCpa, formatRoas, roasHint } from '../../components/costs/spend-format';
import { formatAmounts } from '../../components/logs/log-format';

const highlight: CSSProperties = { background: 'var(--mantine-color-ocx-light)' };

/** One row per campaign (or channel), one column per model; the website's own model highlighted. */
export function ComparisonTable({
  comparison,
  rowHeader,
  selected,
  testId,
  spend,
}: {
  comparison: Comparison;
  rowHeader: string;
  selected: AttributionModel;
  testId: string;
  /** Campaign rows' spend by row key: CPA and ROAS under each model, and an Ad spend column. */
  spend?: ReadonlyMap<string, SpendRow>;
}) {
  const style = (model: AttributionModel) => (model === selected ? highlight : undefined);
  return (
    <Table.ScrollContainer
      minWidth={spend ? 1120 : 960}
      // A keyboard can scroll a table wider than the window (WCAG scrollable-region-focusable).
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${rowHeader} by model` },
      }}
    >
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>{rowHeader}</Table.Th>
            {attributionModels.map((model) => (
              <Table.Th key={model} ta="right" style={style(model)}>
                <Tooltip label={MODEL_DESCRIPTIONS[model]} multiline maw={280} withArrow>
                  <Stack gap={2} align="flex-end">
                    <Text size="sm" fw={600} lh={1.3}>
                      {MODEL_LABELS[model]}
                    </Text>
                    {model === selected ? (
                      <Text size="xs" fw={700} c="var(--mantine-color-ocx-text)">
                        Your model
                      </Text>
                    ) : null}
                  </Stack>
                </Tooltip>
              </Table.Th>
            ))}
            {spend ? (
              <Table.Th ta="right" w={110}>
                Ad spend
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comparison.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" fw={500} lineClamp={2} title={row.label}>
                  {row.label}
                </Text>
              </Table.Th>
              {attributionModels.map((model) => (
                <Table.Td key={model} ta="right" style={style(model)}>
                  <Figures cell={row.cells[model]} currencies={comparison.currencies} />
                  {spend?.get(row.key) ? <SpendLines figures={spend.get(row.key)?.models[model]} /> : null}
                </Table.Td>
              ))}
              {spend ? (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatCost(spend.get(row.key)?.cost ?? {}).map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {attributionModels.map((model) => (
              <Table.Td key={model} ta="right" style={style(model)}>
                <Figures cell={comparison.totals[model]} currencies={comparison.currencies} strong />
              </Table.Td>
            ))}
            {spend ? <Table.Td /> : null}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Conversions, then the value credit: a line per currency. */
function Figures({
  cell,
  currencies,
  strong = false,
}: {
  cell: ComparisonCell;
  currencies: string[];
  strong?: boolean;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={strong ? 700 : 600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <ConversionCount value={cell.conversions} />
      </Text>
      {formatAmounts(cell.values, currencies).map((money) => (
        <Text
          key={money}
          size="xs"
          c="dimmed"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {money}
        </Text>
      ))}
    </Stack>
  );
}

/** Under a campaign's figures: its ROAS and CPA under the model. */
function SpendLines({ figures }: { figures: SpendModelFigures | undefined }) {
  if (!figures) return null;
  const small = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Stack gap={0} align="flex-end" mt={2} data-testid="spend-lines">
      <Text
        size="xs"
        fw={600}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        title={roasHint(figures) ?? undefined}
      >
        ROAS {formatRoas(figures.roas)}
      </Text>
      <Text size="xs" c="dimmed" style={small}>
        CPA {formatCpa(figures.cpa).join(' · ')}
      </Text>
    </Stack>
  );
}
