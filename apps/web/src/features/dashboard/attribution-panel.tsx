import { Card, Group, Select, Table, Text, Title } from '@mantine/core';
import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { MODEL_LABELS } from '@ocx/core';
import { memo } from 'react';
import { useAttributionReport } from '../../api/queries/use-attribution-report';
import { ConversionCount } from '../../components/attribution/conversion-count';
import {
  ADD_SPEND_HINT,
  formatCost,
  formatCpa,
  formatRoas,
  roasHint,
} from '../../components/costs/spend-format';
import { SectionLoader } from '../../components/full-page-loader';
import { formatAmounts } from '../../components/logs/log-format';
import { ScrollTable } from '../../components/scroll-table';
import { campaignCredits } from './campaign-credits';
import type { OnFilter } from './dashboard-filters';
import type { DashboardRangeOption } from './dashboard-format';
import { FilterButton } from './filter-button';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The dashboard's attribution section, loaded when its place nears the window: the credits per
 * campaign under the chosen model (the info box naming it stands above, with the traffic panels). It reads the attribution report itself (the model comparison shares
 * it), so the report's request and code wait for it too.
 */
function AttributionSection({
  websiteId,
  range,
  model,
  onModel,
  onFilter,
}: {
  websiteId: string;
  range: DashboardRangeOption;
  model: AttributionModel;
  onModel: (model: AttributionModel) => void;
  onFilter: OnFilter;
}) {
  const report = useAttributionReport(websiteId, range, { keepPrevious: true });
  return <CampaignCredits model={model} onModel={onModel} report={report} onFilter={onFilter} />;
}

/** The dashboard re-renders as its other reads arrive; these props rarely change with them. */
export default memo(AttributionSection);

/** Beyond the spec: conversions and value per campaign under the chosen model (the attribution report). */
function CampaignCredits({
  model,
  onModel,
  report,
  onFilter,
}: {
  model: AttributionModel;
  onModel: (model: AttributionModel) => void;
  report: ReturnType<typeof useAttributionReport>;
  onFilter: OnFilter;
}) {
  const { rows, currencies } = report.data
    ? campaignCredits(report.data, model)
    : { rows: [], currencies: [] };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="campaign-credits">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={4} id="campaign-credits">
          Conversions by campaign
        </Title>
        <Select
          aria-label="Attribution model"
          value={model}
          onChange={(v) => v && onModel(v as AttributionModel)}
          data={attributionModels.map((m) => ({ value: m, label: MODEL_LABELS[m] }))}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {report.isPending ? (
        <SectionLoader label="Loading attribution data..." />
      ) : report.error ? (
        <Text size="sm" c="red">
          Failed to load the attribution report: {report.error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          No conversions in this range
        </Text>
      ) : (
        <ScrollTable minWidth={560} label="Conversions and spend by campaign">
          <Table verticalSpacing="xs" data-testid="campaign-credits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th ta="right">Conversions</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th ta="right">Cost</Table.Th>
                <Table.Th ta="right">CPA</Table.Th>
                <Table.Th ta="right">ROAS</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <CampaignName row={r} onFilter={onFilter} />
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <ConversionCount value={r.conversions} />
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatAmounts(r.values, currencies).map((money) => (
                      <div key={money}>{money}</div>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCost(r.spend?.cost ?? {}).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCpa(r.spend?.cpa ?? {}).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={num}
                    title={r.spend ? (roasHint(r.spend) ?? undefined) : undefined}
                  >
                    {formatRoas(r.spend?.roas ?? null)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {report.data && !report.data.spend?.campaigns.length && rows.length > 0 ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid="spend-hint">
          No ad spend in this range, so no cost, CPA or ROAS yet. {ADD_SPEND_HINT}
        </Text>
      ) : null}
    </Card>
  );
}

/** A campaign's name; a known campaign filters the dashboard by it (direct traffic is not one). */
function CampaignName({ row, onFilter }: { row: { key: string; label: string }; onFilter: OnFilter }) {
  const id =
    row.key.startsWith(CAMPAIGN_KEY) && row.key !== NO_CAMPAIGN_KEY
      ? row.key.slice(CAMPAIGN_KEY.length)
      : null;
  if (id === null) return <Text size="sm">{row.label}</Text>;
  return (
    <FilterButton label={`campaign ${row.label}`} onClick={() => onFilter('campaign', id, row.label)}>
      <Text size="sm" c="var(--mantine-color-anchor)">
        {row.label}
      </Text>
    </FilterButton>
  );
}

const CAMPAIGN_KEY = 'campaign:';
const NO_CAMPAIGN_KEY = 'campaign:none';
