import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AttributionModel } from '@ocx/contracts';
import { CHANNEL_LABELS } from '@ocx/core';
import { IconRefresh } from '@tabler/icons-react';
import { isPathNotReady, useConversionPath } from '../../api/queries/use-conversion-path';
import { formatCount } from '../../components/count-format';
import { MODEL_COLUMNS } from '../../components/logs/log-format';
import { useWebsiteZones } from '../../components/websites/use-website-zones';
import { PathTable } from './path-table';

const COMPUTING = 'The attribution credits of this conversion are being computed. Retrying shortly...';

/** The touchpoints that led to a conversion, each with its credit under the eight models. */
export function ConversionPath({
  websiteId,
  conversionId,
  model,
  currency,
  withValue,
}: {
  websiteId: string;
  conversionId: string;
  /** The website's attribution model, highlighted. */
  model: AttributionModel;
  /** The conversion's currency, and whether it has a value to split. */
  currency: string;
  withValue: boolean;
}) {
  const path = useConversionPath(websiteId, conversionId);
  const zoneOf = useWebsiteZones();
  if (path.isPending || path.data?.pending) {
    return (
      <Group gap="xs" role="status">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          {path.data?.pending || isPathNotReady(path.failureReason) ? COMPUTING : 'Loading touchpoints...'}
        </Text>
      </Group>
    );
  }
  if (path.isError) {
    return (
      <Alert color={isPathNotReady(path.error) ? 'yellow' : 'red'} variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isPathNotReady(path.error)
              ? 'The attribution credits of this conversion are still being computed.'
              : `Failed to load touchpoints: ${path.error.message}`}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void path.refetch()}
          >
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (path.data.failed) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="conversion-path">
        <Text size="sm">
          This conversion could not be credited, so no campaign or channel has its credit: {path.data.issue}
        </Text>
      </Alert>
    );
  }
  const note = path.data.issue ? (
    <Alert color="yellow" variant="light" py={6} data-testid="conversion-path-note">
      <Text size="sm">{path.data.issue}</Text>
    </Alert>
  ) : null;
  if (path.data.touchpoints.length === 0) {
    const to = path.data.creditedTo;
    return (
      <Text size="sm" data-testid="conversion-path">
        {to?.campaignId ? (
          <>
            No tracked visit led to this conversion; it names its campaign, so the whole conversion is
            credited to <b>{to.campaignName ?? to.campaignId}</b>.
          </>
        ) : (
          <>
            No touchpoint led to this conversion: the whole conversion is credited to{' '}
            <b>{CHANNEL_LABELS.direct}</b>.
          </>
        )}
      </Text>
    );
  }
  const label = MODEL_COLUMNS.find((m) => m.model === model)?.label ?? model;
  return (
    <Stack gap="xs" data-testid="conversion-path">
      <Text size="sm" c="dimmed">
        {path.data.touchpoints.length === 1
          ? '1 touchpoint'
          : `${formatCount(path.data.touchpoints.length)} touchpoints`}
        , in time order. Highlighted: your website's model, {label}.
      </Text>
      {note}
      <PathTable
        touchpoints={path.data.touchpoints}
        model={model}
        currency={currency}
        withValue={withValue}
        timeZone={zoneOf(websiteId)}
      />
    </Stack>
  );
}
