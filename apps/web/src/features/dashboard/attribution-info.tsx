import { Alert, Text } from '@mantine/core';
import type { AttributionModel } from '@ocx/contracts';
import { MODEL_DESCRIPTIONS } from '@ocx/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DASHBOARD_MODEL_WORDS } from './dashboard-format';

/**
 * Spec §2 info box, where the spec has it (after Traffic Source Distribution, always shown): the model
 * the figures are credited with and what it means.
 */
export function AttributionInfo({ model }: { model: AttributionModel }) {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle />} data-testid="attribution-info">
      <Text size="sm" fw={600}>
        Viewing data with {DASHBOARD_MODEL_WORDS[model]} attribution
      </Text>
      <Text size="sm">{MODEL_DESCRIPTIONS[model]}</Text>
    </Alert>
  );
}
