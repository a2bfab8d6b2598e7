import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import type { Click } from '@ocx/contracts';
import { CampaignChip } from '../../components/logs/campaign-chip';
import { deviceLabel, formatLogDate } from '../../components/logs/log-format';
import { ScrollTable } from '../../components/scroll-table';
import { useWebsiteZones } from '../../components/websites/use-website-zones';

/** A value, or the spec's word for a missing one ('None', 'Unknown'), dimmed. */
function orMissing(value: string | null, missing: 'None' | 'Unknown') {
  return (
    value ?? (
      <Text span size="sm" c="dimmed">
        {missing}
      </Text>
    )
  );
}

/** Spec §2 Clicks Log columns; Your Click Activity adds the website's name. */
export function ClicksTable({
  clicks,
  websiteNames,
}: {
  clicks: Click[];
  websiteNames?: Map<string, string>;
}) {
  const zoneOf = useWebsiteZones();
  return (
    <ScrollTable minWidth={websiteNames ? 1040 : 900}>
      <Table verticalSpacing="xs" striped highlightOnHover data-testid="clicks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            {websiteNames ? <Table.Th>Website</Table.Th> : null}
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Medium</Table.Th>
            <Table.Th>Landing Page</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Country</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clicks.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatLogDate(c.created_at, zoneOf(c.website_id))}
              </Table.Td>
              {websiteNames ? <Table.Td>{websiteNames.get(c.website_id) ?? c.website_id}</Table.Td> : null}
              <Table.Td miw={150}>
                <CampaignChip id={c.campaign_id} name={c.campaign_name} />
              </Table.Td>
              <Table.Td>{orMissing(c.source, 'None')}</Table.Td>
              <Table.Td>{orMissing(c.medium, 'None')}</Table.Td>
              <Table.Td w="30%">
                {/* Takes the width left over and cuts a long address instead of widening the table. */}
                <Anchor
                  href={c.landing_page}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  truncate="end"
                  display="block"
                  w={0}
                  miw="100%"
                  title={c.landing_page}
                >
                  {c.landing_page}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Tooltip label={`${c.browser ?? 'Unknown'} / ${c.os ?? 'Unknown'}`} withArrow>
                  <Text size="sm" span style={{ cursor: 'help' }} c={c.device_type ? undefined : 'dimmed'}>
                    {c.device_type ? deviceLabel(c.device_type) : 'Unknown'}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>{orMissing(c.country, 'Unknown')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
