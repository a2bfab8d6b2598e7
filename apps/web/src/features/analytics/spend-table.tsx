import { Card, Group, SegmentedControl, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { type AttributionModel, attributionModels, type SpendReport, type SpendRow } from '@ocx/contracts';
import { MODEL_LABELS } from '@ocx/core';
import { type CSSProperties, useState } from 'react';
import {
  ADD_SPEND_HINT,
  formatCost,
  formatCpa,
  formatRoas,
  roasHint,
  SPEND_HINTS,
} from '../../components/costs/spend-format';
import { ScrollTable } from '../../components/scroll-table';
import { figureLine, ROW_LABEL } from './cell-styles';

const highlight: CSSProperties = { background: 'var(--mantine-color-ocx-light)' };
const num: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
const ROAS = figureLine('sm', 600);
const CPA = figureLine('xs', undefined, true);

type Level = keyof SpendReport;
const LEVELS: { value: Level; label: string }[] = [
  { value: 'campaigns', label: 'Campaign' },
  { value: 'networks', label: 'Network' },
  { value: 'sources', label: 'Source' },
];

/** Spend per campaign, network or source with each model's ROAS and CPA side by side. */
export function SpendComparison({ spend, selected }: { spend: SpendReport; selected: AttributionModel }) {
  const [level, setLevel] = useState<Level>('campaigns');
  const rows = spend[level];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="spend-by-model">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={4} id="spend-by-model">
          Return on ad spend
        </Title>
        {spend.campaigns.length > 0 ? (
          <SegmentedControl
            aria-label="Group spend by"
            value={level}
            onChange={(v) => setLevel(v as Level)}
            data={LEVELS}
          />
        ) : null}
      </Group>
      {spend.campaigns.length === 0 ? (
        <Stack gap={4} data-testid="spend-empty">
          <Text fw={600}>No ad spend in this date range</Text>
          <Text size="sm" c="dimmed">
            {ADD_SPEND_HINT} Cost, CPA and ROAS then appear here under every model.
          </Text>
        </Stack>
      ) : (
        <SpendTable
          rows={rows}
          selected={selected}
          header={LEVELS.find((l) => l.value === level)?.label ?? ''}
        />
      )}
    </Card>
  );
}

function SpendTable({
  rows,
  selected,
  header,
}: {
  rows: SpendRow[];
  selected: AttributionModel;
  header: string;
}) {
  const style = (model: AttributionModel) => (model === selected ? highlight : undefined);
  return (
    <ScrollTable minWidth={1060} label={`ROAS and CPA by ${header.toLowerCase()} and model`}>
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="xs" data-testid="spend-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>{header}</Table.Th>
            <Table.Th ta="right" w={110}>
              <Tooltip label={SPEND_HINTS.cost} withArrow multiline maw={260}>
                <span>Cost</span>
              </Tooltip>
            </Table.Th>
            {attributionModels.map((m) => (
              <Table.Th key={m} ta="right" style={style(m)}>
                <Text size="sm" fw={600} lh={1.3}>
                  {MODEL_LABELS[m]}
                </Text>
                <Text size="xs" c="dimmed">
                  ROAS · CPA
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                <div style={ROW_LABEL} title={row.label}>
                  {row.label}
                </div>
              </Table.Th>
              <Table.Td ta="right" style={num}>
                {formatCost(row.cost).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Table.Td>
              {attributionModels.map((m) => {
                const f = row.models[m];
                const hint = roasHint(f);
                return (
                  <Table.Td key={m} ta="right" style={{ ...num, ...style(m) }}>
                    <div style={ROAS} title={hint ?? undefined} data-roas={f.roas ?? ''}>
                      {formatRoas(f.roas)}
                    </div>
                    {formatCpa(f.cpa).map((line) => (
                      <div key={line} style={CPA}>
                        {line}
                      </div>
                    ))}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
