import { Table, Text } from '@mantine/core';
import type { AttributionModel, PathTouchpoint } from '@ocx/contracts';
import { channelLabel } from '@ocx/core';
import { CampaignChip } from '../../components/logs/campaign-chip';
import { formatCredit, formatLogDate, formatMoney, MODEL_COLUMNS } from '../../components/logs/log-format';

/** The website's own model stands out in every theme: Mantine's light accent, bold. */
const selected = { background: 'var(--mantine-color-ocx-light)', fontWeight: 600 } as const;

/**
 * One line per touchpoint, with its credit (as a percentage) under each of the eight models and,
 * for a conversion with a value, its share of the value (exact to the currency's minor unit).
 */
export function PathTable({
  touchpoints,
  model,
  currency,
  withValue,
}: {
  touchpoints: PathTouchpoint[];
  model: AttributionModel;
  currency: string;
  withValue: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={1060}>
      <Table verticalSpacing={6} horizontalSpacing="xs" withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Landing Page</Table.Th>
            {MODEL_COLUMNS.map((m) => (
              <Table.Th key={m.model} ta="right" style={m.model === model ? selected : undefined}>
                {m.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {touchpoints.map((t) => (
            <Table.Tr key={t.clickId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLogDate(t.ts)}</Table.Td>
              <Table.Td miw={130}>
                <CampaignChip id={t.campaignId} name={t.campaignName} />
              </Table.Td>
              <Table.Td>{channelLabel(t.channel)}</Table.Td>
              <Table.Td>{t.source ?? 'None'}</Table.Td>
              <Table.Td maw={240}>
                <Text size="xs" truncate="end" title={t.landingPage}>
                  {t.landingPage}
                </Text>
              </Table.Td>
              {MODEL_COLUMNS.map((m) => (
                <Table.Td key={m.model} ta="right" style={m.model === model ? selected : undefined}>
                  {formatCredit(t.credits[m.model])}
                  {withValue ? (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(t.values[m.model], currency)}
                    </Text>
                  ) : null}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
