import { ActionIcon, Badge, Box, Table, Text, Tooltip } from '@mantine/core';
import type { AttributionModel, ConversionLogRow } from '@ocx/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { CampaignChip } from '../../components/logs/campaign-chip';
import {
  CONVERSION_TYPE_LABELS,
  conversionTypeColor,
  formatLogDate,
  formatMoney,
  shortId,
} from '../../components/logs/log-format';
import { useWebsiteZones } from '../../components/websites/use-website-zones';
import { ConversionPath } from './conversion-path';

const CONVERSION_COLUMNS = 7;

/** A conversion, and below it its touchpoint path once expanded (by the row or its chevron). */
export function ConversionRow({
  conversion: c,
  expanded,
  onToggle,
  model,
}: {
  conversion: ConversionLogRow;
  expanded: boolean;
  onToggle: () => void;
  model: AttributionModel;
}) {
  const zoneOf = useWebsiteZones();
  return (
    <>
      {/* The chevron button carries aria-expanded: a plain table row may not (only treegrid rows). */}
      <Table.Tr onClick={onToggle} style={{ cursor: 'pointer' }} data-expanded={expanded || undefined}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={expanded ? 'Hide touchpoints' : 'Show touchpoints'}
            aria-expanded={expanded}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {formatLogDate(c.created_at, zoneOf(c.website_id))}
        </Table.Td>
        <Table.Td miw={150}>
          <CampaignChip id={c.campaign_id} name={c.campaign_name} />
        </Table.Td>
        <Table.Td>{c.goal_name}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(c.value, c.currency)}</Table.Td>
        <Table.Td>
          <Badge variant="light" color={conversionTypeColor(c.conversion_type)}>
            {CONVERSION_TYPE_LABELS[c.conversion_type]}
          </Badge>
          {c.credit_status === 'failed' ? (
            <Tooltip label={c.credit_issue ?? 'Crediting failed'} multiline maw={320} withArrow>
              <Badge variant="light" color="red" ml={6} data-testid="credit-failed">
                not credited
              </Badge>
            </Tooltip>
          ) : null}
          {c.overlaps_with ? (
            <Tooltip
              label={`The same visitor's valued "${c.overlaps_with}" conversion came less than 30 minutes before: revenue may count this sale twice. Website Config says how to fix it.`}
              multiline
              maw={320}
              withArrow
            >
              <Badge variant="light" color="orange" ml={6} data-testid="overlap">
                overlaps with {c.overlaps_with}
              </Badge>
            </Tooltip>
          ) : null}
        </Table.Td>
        <Table.Td>
          {c.visitor_id ? (
            <Tooltip label={c.visitor_id} withArrow>
              <Text size="sm" ff="monospace" span>
                {shortId(c.visitor_id)}
              </Text>
            </Tooltip>
          ) : (
            '-'
          )}
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr>
          <Table.Td colSpan={CONVERSION_COLUMNS} p="md" bg="var(--mantine-color-default-hover)">
            {/* Width 0 with a 100% minimum: the path scrolls inside the row instead of widening the log. */}
            <Box w={0} miw="100%">
              <ConversionPath
                websiteId={c.website_id}
                conversionId={c.id}
                model={model}
                currency={c.currency}
                withValue={c.value !== null}
              />
            </Box>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
