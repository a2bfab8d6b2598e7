import { Group, Text } from '@mantine/core';
import type { ConsentShare } from '@ocx/contracts';
import { IconEyeOff } from '@tabler/icons-react';
import { MetricHelp } from './metric-help';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "16.7% of visits without consent (1 of 6): counted, not attributed across days." */
function consentShareText(share: ConsentShare): string {
  return `${percent.format(share.percent)}% of visits without consent (${count.format(share.withoutConsent)} of ${count.format(share.visits)}): counted, not attributed across days.`;
}

/**
 * What a report could not see (issue 25): the share of visits by visitors who had not consented,
 * counted with a daily anonymous id. Shown when there were any, or when the website waits for
 * consent (then 0% says so too); nothing when there were no visits.
 */
export function ConsentShareLine({
  share,
  consentRequired = false,
}: {
  share: ConsentShare | undefined;
  consentRequired?: boolean;
}) {
  if (!share || share.visits === 0 || (share.withoutConsent === 0 && !consentRequired)) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="consent-share">
      <IconEyeOff
        size={14}
        aria-hidden="true"
        color="var(--mantine-color-dimmed)"
        style={{ flex: 'none', marginTop: 4 }}
      />
      <Text size="sm" c="dimmed">
        {consentShareText(share)} <MetricHelp term="without-consent" />
      </Text>
    </Group>
  );
}
