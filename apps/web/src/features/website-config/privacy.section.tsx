import { Checkbox, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConsentMode, MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS, type Website } from '@ocx/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useSavePrivacy } from '../../api/mutations/use-website-mutations';
import { ConfigSection } from './config-section';
import { SaveFirstHint } from './save-first-hint';
import { VisitorRights } from './visitor-rights';

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

export function PrivacySection({ website }: { website: Website | null }) {
  return (
    <ConfigSection
      title="Privacy"
      description="What the tracker may keep on your visitors' devices. Global Privacy Control always counts as a refusal."
    >
      {website ? (
        <PrivacySettings key={website.id} website={website} />
      ) : (
        <SaveFirstHint what="choose its consent mode" />
      )}
    </ConfigSection>
  );
}

function PrivacySettings({ website }: { website: Website }) {
  const save = useSavePrivacy(website.id, {
    onSuccess: () => notifications.show({ color: 'ocx', message: 'Privacy settings saved' }),
    onError: (err) =>
      notifications.show({
        color: 'red',
        message:
          err instanceof ApiError && err.status === 400 ? err.message : 'Failed to save privacy settings',
      }),
  });
  // While a change saves (and the website is read again) it shows; a failed one falls back.
  const { consentMode, respectDnt, retentionMonths } = {
    ...website.privacy,
    ...(save.isPending ? save.variables : {}),
  };
  const [months, setMonths] = useState<string | number>(retentionMonths);
  const saveMonths = () => {
    if (Number(months) !== website.privacy.retentionMonths) save.mutate({ retentionMonths: Number(months) });
  };
  return (
    <Stack gap="md">
      <Radio.Group
        label="Consent mode"
        value={consentMode}
        onChange={(value) => save.mutate({ consentMode: value as ConsentMode })}
      >
        <Stack gap="sm" mt="xs">
          {(['require', 'none'] as const).map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={consentModeTexts[mode].label}
              description={consentModeTexts[mode].description}
              disabled={save.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label="Treat Do-Not-Track as a refusal"
        description="Browsers that send Do-Not-Track get no ids on the device, as with Global Privacy Control."
        checked={respectDnt}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ respectDnt: e.currentTarget.checked })}
      />
      <NumberInput
        label="Keep data for (months)"
        description="Events, visits and conversions older than this are deleted every day; the dashboard keeps its totals of older periods."
        min={MIN_RETENTION_MONTHS}
        max={MAX_RETENTION_MONTHS}
        allowDecimal={false}
        value={months}
        onChange={setMonths}
        onBlur={saveMonths}
        disabled={save.isPending}
        maw={260}
      />
      <Text size="xs" c="dimmed">
        Changes are saved at once and reach the tracker within five minutes.
      </Text>
      <VisitorRights website={website} />
    </Stack>
  );
}
