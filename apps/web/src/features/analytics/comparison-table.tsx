import { Stack, Table, Text, Tooltip } from '@mantine/core';
import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { MODEL_DESCRIPTIONS, MODEL_LABELS } from '@ocx/core';
import type { CSSProperties } from 'react';
import type { Comparison, ComparisonCell } from '../../components/attribution/attribution-comparison';
import { ConversionCount } from '../../components/attribution/conversion-count';
import { formatAmounts } from '../../components/logs/log-format';

const highlight: CSSProperties = { background: 'var(--mantine-color-ocx-light)' };

/** One row per campaign (or channel), one column per model; the website's own model highlighted. */
export function ComparisonTable({
  comparison,
  rowHeader,
  selected,
  testId,
}: {
  comparison: Comparison;
  rowHeader: string;
  selected: AttributionModel;
  testId: string;
}) {
  const style = (model: AttributionModel) => (model === selected ? highlight : undefined);
  return (
    <Table.ScrollContainer minWidth={960}>
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
                </Table.Td>
              ))}
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
