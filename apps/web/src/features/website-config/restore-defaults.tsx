import { Stack, Text } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import {
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  defaultAttribution,
  MODEL_LABELS,
  sameCreditSettings,
} from '@ocx/core';
import { openConfirm } from '../../components/dialog-close';
import { defaultScriptOptions } from './website-draft';

/** The settings Restore defaults saves: the attribution model and its settings, and the tracking options. */
export function defaultSettings() {
  return { attribution: defaultAttribution(), script: defaultScriptOptions() };
}

/** Whether restoring the defaults changes what credits depend on (docs/definitions.md#recomputation). */
export function defaultsRecompute(website: Website): boolean {
  const { attribution, script } = defaultSettings();
  return !sameCreditSettings(
    { ...website.attribution, crossDevice: website.scriptConfig.crossDeviceTracking },
    { ...attribution, crossDevice: script.crossDeviceTracking },
  );
}

/** What the confirmation says: what is restored, what is recomputed, what stays. */
export function restoreDefaultsText(recomputes: boolean, otherUnsaved: boolean): string[] {
  const model = MODEL_LABELS[defaultAttribution().model];
  return [
    `Restores the attribution model (${model}), the attribution window (${DEFAULT_ATTRIBUTION_WINDOW_DAYS} days), ` +
      'the weights of every model, the time-decay half-life and the tracking options (cross-domain, ' +
      'cross-device, IP anonymization, first-party tracking) to their defaults, and saves them.',
    recomputes
      ? 'The credits of every conversion of this website are then recomputed in the background; ' +
        'reports keep the current figures until that is done.'
      : 'Credits stay as they are: they already use the default window, weights and decay.',
    `Name, brand, root domain, time zone, privacy, goals and postback URL stay as they are${
      otherUnsaved ? ', and your other unsaved changes stay unsaved' : ''
    }. This cannot be undone.`,
  ];
}

export function confirmRestoreDefaults(props: {
  recomputes: boolean;
  otherUnsaved: boolean;
  onConfirm(): void;
}) {
  openConfirm({
    title: 'Restore default settings?',
    children: (
      <Stack gap="xs">
        {restoreDefaultsText(props.recomputes, props.otherUnsaved).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
    labels: { confirm: 'Restore defaults', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: props.onConfirm,
  });
}
