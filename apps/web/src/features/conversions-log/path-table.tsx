import { Stack, Table, Text } from '@mantine/core';
import type { AttributionModel, PathTouchpoint } from '@ocx/contracts';
import { channelLabel } from '@ocx/core';
import { CampaignChip } from '../../components/logs/campaign-chip';
import { formatCredit, formatLogDate, formatMoney, MODEL_COLUMNS } from '../../components/logs/log-format';
import { ScrollTable } from '../../components/scroll-table';

/** The website's own model stands out in every theme: Mantine's light accent, bold. */
const selected = { background: 'var(--mantine-color-ocx-light)', fontWeight: 600 } as const;

/**
 * The touchpoints (numbered, in time order), then each one's credit (as a percentage) under the
 * eight models and, for a conversion with a value, its share of the value (exact to the currency's
 * minor unit). Two tables rather than one of thirteen columns: each fits a desktop card whole.
 */
export function PathTable({
  touchpoints,
  model,
  currency,
  withValue,
  timeZone,
}: {
  touchpoints: PathTouchpoint[];
  model: AttributionModel;
  currency: string;
  withValue: boolean;
  /** The website's zone, the touchpoints' times are shown in. */
  timeZone: string;
}) {
  return (
    <Stack gap="sm">
      <ScrollTable minWidth={640}>
        <Table
          verticalSpacing={6}
          horizontalSpacing="xs"
          withTableBorder
          fz="xs"
          aria-label="Touchpoints"
          data-testid="path-touchpoints"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Landing Page</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {touchpoints.map((t, i) => (
              <Table.Tr key={t.clickId}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLogDate(t.ts, timeZone)}</Table.Td>
                <Table.Td>
                  <CampaignChip id={t.campaignId} name={t.campaignName} />
                </Table.Td>
                <Table.Td>{channelLabel(t.channel)}</Table.Td>
                <Table.Td>{t.source ?? 'None'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.landingPage}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <ScrollTable minWidth={720}>
        <Table
          verticalSpacing={6}
          horizontalSpacing="xs"
          withTableBorder
          fz="xs"
          aria-label="Credit by model"
          data-testid="path-credits"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {MODEL_COLUMNS.map((m) => (
                <Table.Th key={m.model} ta="right" style={m.model === model ? selected : undefined}>
                  {m.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {touchpoints.map((t, i) => (
              <Table.Tr key={t.clickId}>
                <Table.Td>{i + 1}</Table.Td>
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
      </ScrollTable>
    </Stack>
  );
}
