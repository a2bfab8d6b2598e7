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
    </Table.ScrollContainer>
  );
}

/*
 * The cells hold plain elements with fixed styles, not Mantine Stack and Text: a comparison has
 * eight cells per row with three or four lines each, and each Mantine component resolves its theme
 * and styles at every render (most of the analytics page's main-thread time on a phone).
 */
const figures: CSSProperties = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' };
const line = (size: 'sm' | 'xs', weight?: number, dimmed = false): CSSProperties => ({
  fontSize: `var(--mantine-font-size-${size})`,
  lineHeight: `var(--mantine-line-height-${size})`,
  fontWeight: weight,
  color: dimmed ? 'var(--mantine-color-dimmed)' : undefined,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
const COUNT = line('sm', 600);
const STRONG_COUNT = line('sm', 700);
const MONEY = line('xs', undefined, true);
const ROAS = line('xs', 600);
const SPEND_LINES: CSSProperties = { ...figures, marginTop: 2 };
export const ROW_LABEL: CSSProperties = {
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
  fontWeight: 500,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

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
    <div style={figures}>
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
function SpendLines({ figures: f }: { figures: SpendModelFigures | undefined }) {
  if (!f) return null;
  return (
    <div style={SPEND_LINES} data-testid="spend-lines">
      <div style={ROAS} title={roasHint(f) ?? undefined}>
        ROAS {formatRoas(f.roas)}
      </div>
      <div style={MONEY}>CPA {formatCpa(f.cpa).join(' · ')}</div>
    </div>
  );
}
