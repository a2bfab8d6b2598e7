import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { type ConsentMode, MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS, type Website } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { NumberField } from '../../components/forms/number-field';
import { ConfigSection } from './config-section';
import { VisitorRights } from './visitor-rights';
import { type PrivacyDraft, toNumber } from './website-draft';

/** One sentence per mode: what the tracker keeps on the visitor's device (docs/privacy.md#the-two-consent-modes, docs/privacy.md). */
const consentModeTexts: Record<ConsentMode, { label: string; description: string }> = {
  require: {
    label: 'Wait for consent',
    description:
      "Nothing is stored on the visitor's device until your site calls ocx('consent', true); until then visits are counted with an anonymous id that changes every day, so they are not linked across days.",
  },
  none: {
    label: 'No consent needed',
    description:
      'The tracker keeps a visitor id in a first-party cookie from the first pageview, for the attribution window, so every visit can be linked to the campaign that brought it.',
  },
};

interface Props {
  website: Website | null;
  privacy: PrivacyDraft;
  onChange(patch: Partial<PrivacyDraft>): void;
  /** What is wrong with the retention, if anything. */
  retentionError?: ReactNode;
}

/** The consent mode, Do-Not-Track and retention: saved with the rest of the configuration. */
export function PrivacySection({ website, privacy, onChange, retentionError }: Props) {
  return (
    <ConfigSection
      title="Privacy"
      description="What the tracker may keep on your visitors' devices. Global Privacy Control always counts as a refusal."
    >
      <Stack gap="md">
        <Radio.Group
          label="Consent mode"
          value={privacy.consentMode}
          onChange={(value) => onChange({ consentMode: value as ConsentMode })}
        >
          <Stack gap="sm" mt="xs">
            {(['require', 'none'] as const).map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={consentModeTexts[mode].label}
                description={consentModeTexts[mode].description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Treat Do-Not-Track as a refusal"
          description="Browsers that send Do-Not-Track get no ids on the device, as with Global Privacy Control."
          checked={privacy.respectDnt}
          onChange={(e) => onChange({ respectDnt: e.currentTarget.checked })}
        />
        <NumberField
          label="Keep data for (months)"
          description={`Events, visits and conversions older than this are deleted every day; the dashboard keeps its totals of older periods. ${MIN_RETENTION_MONTHS} to ${MAX_RETENTION_MONTHS} months.`}
          min={MIN_RETENTION_MONTHS}
          max={MAX_RETENTION_MONTHS}
          allowDecimal={false}
          clampBehavior="none"
          value={Number.isNaN(privacy.retentionMonths) ? '' : privacy.retentionMonths}
          onChange={(value) => onChange({ retentionMonths: toNumber(value) })}
          error={retentionError}
          maw={360}
        />
        <Text size="xs" c="dimmed">
          Saved with Save Configuration; the tracker follows within five minutes.
        </Text>
        {website ? <VisitorRights website={website} /> : null}
      </Stack>
    </ConfigSection>
  );
}
