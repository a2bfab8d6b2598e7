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
import { ScrollTable } from '../../components/scroll-table';
import { FIGURES, figureLine, ROW_LABEL } from './cell-styles';

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
    <ScrollTable minWidth={spend ? 1120 : 960} label={`${rowHeader} by model`}>
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
                <div style={ROW_LABEL} title={row.label}>
                  {row.label}
                </div>
              </Table.Th>
              {attributionModels.map((model) => (
                <Table.Td key={model} ta="right" style={style(model)}>
                  <Figures cell={row.cells[model]} currencies={comparison.currencies} />
                  {spend?.get(row.key) ? <SpendLines figures={spend.get(row.key)?.models[model]} /> : null}
                </Table.Td>
              ))}
              {spend ? (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatCost(spend.get(row.key)?.cost ?? {}).map((cost) => (
                    <div key={cost}>{cost}</div>
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
    </ScrollTable>
  );
}

const COUNT = figureLine('sm', 600);
const STRONG_COUNT = figureLine('sm', 700);
const MONEY = figureLine('xs', undefined, true);
const ROAS = figureLine('xs', 600);
const SPEND_LINES: CSSProperties = { ...FIGURES, marginTop: 2 };

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
    <div style={FIGURES}>
      <div style={strong ? STRONG_COUNT : COUNT}>
        <ConversionCount value={cell.conversions} />
      </div>
      {formatAmounts(cell.values, currencies).map((money) => (
        <div key={money} style={MONEY}>
          {money}
        </div>
      ))}
    </div>
  );
}

/** Under a campaign's figures: its ROAS and CPA under the model. */
function SpendLines({ figures }: { figures: SpendModelFigures | undefined }) {
  if (!figures) return null;
  return (
    <div style={SPEND_LINES} data-testid="spend-lines">
      <div style={ROAS} title={roasHint(figures) ?? undefined}>
        ROAS {formatRoas(figures.roas)}
      </div>
      <div style={MONEY}>CPA {formatCpa(figures.cpa).join(' · ')}</div>
    </div>
  );
}
