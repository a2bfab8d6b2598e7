import { Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Attribution, type AttributionModel, attributionModels } from '@ocx/contracts';
import {
  isPositionalModel,
  MODEL_DESCRIPTIONS,
  MODEL_LABELS,
  setModelWeights,
  switchModel,
  WEIGHT_SUM_TOLERANCE,
} from '@ocx/core';
import type { ReactNode } from 'react';
import { NumberField } from '../../components/forms/number-field';
import { ConfigSection } from './config-section';
import { toNumber } from './website-draft';

interface Props {
  attribution: Attribution;
  onChange(attribution: Attribution): void;
  /** The form's messages by path (`attribution.window`, `attribution.settings.firstWeight`, `weightSum` …). */
  errors: Record<string, ReactNode>;
}

const shown = (value: number) => (Number.isNaN(value) ? '' : value);

export function AttributionSection({ attribution, onChange, errors }: Props) {
  const { model, window, settings } = attribution;
  const setSettings = (patch: Partial<Attribution['settings']>) =>
    onChange({ ...attribution, settings: { ...settings, ...patch } });
  // Each positional model keeps its own weights: an edit here changes the selected model's only.
  const setWeights = (patch: Parameters<typeof setModelWeights>[1]) =>
    onChange(setModelWeights(attribution, patch));
  const weight = (label: string, path: string, value: number, set: (v: number) => void, step: number) => (
    <NumberField
      key={label}
      label={label}
      value={shown(value)}
      onChange={(v) => set(toNumber(v))}
      min={0}
      max={1}
      step={step}
      decimalScale={2}
      clampBehavior="none"
      error={errors[`attribution.settings.${path}`]}
    />
  );

  return (
    <ConfigSection
      title="Attribution Model"
      description="How OCX credits conversions to the touchpoints before them."
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label="Model"
            data={attributionModels.map((m) => ({ value: m, label: MODEL_LABELS[m] }))}
            value={model}
            onChange={(m) => m && onChange(switchModel(attribution, m as AttributionModel))}
            allowDeselect={false}
            description={MODEL_DESCRIPTIONS[model]}
          />
          <NumberField
            label="Attribution window (days)"
            description="1 to 365 days; 90 is recommended"
            value={shown(window)}
            onChange={(v) => onChange({ ...attribution, window: toNumber(v) })}
            min={1}
            max={365}
            allowDecimal={false}
            clampBehavior="none"
            error={errors['attribution.window']}
          />
        </SimpleGrid>

        {model === 'time_decay' ? (
          <NumberField
            label="Decay parameter (half-life in days)"
            description="A touchpoint this many days before the conversion gets half the weight of one at the conversion"
            value={shown(settings.decayParameter)}
            onChange={(v) => setSettings({ decayParameter: toNumber(v) })}
            min={1}
            max={30}
            clampBehavior="none"
            maw={360}
            error={errors['attribution.settings.decayParameter']}
          />
        ) : null}

        {isPositionalModel(model) ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {MODEL_LABELS[model]} weights — each of Position Based, U-Shaped and W-Shaped keeps its own.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {weight(
                'First touch weight',
                'firstWeight',
                settings.firstWeight,
                (v) => setWeights({ firstWeight: v }),
                0.1,
              )}
              {weight(
                'Middle touches weight',
                'middleWeight',
                settings.middleWeight,
                (v) => setWeights({ middleWeight: v }),
                0.1,
              )}
              {weight(
                'Last touch weight',
                'lastWeight',
                settings.lastWeight,
                (v) => setWeights({ lastWeight: v }),
                0.1,
              )}
            </SimpleGrid>
            <WeightSum weights={[settings.firstWeight, settings.middleWeight, settings.lastWeight]} />
          </Stack>
        ) : null}

        {model === 'custom_weight' ? (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {settings.customWeights.map((w, i) =>
                weight(
                  `Touch ${i + 1}`,
                  `customWeights.${i}`,
                  w,
                  (v) =>
                    setSettings({
                      customWeights: settings.customWeights.map((old, j) => (j === i ? v : old)),
                    }),
                  0.05,
                ),
              )}
            </SimpleGrid>
            <WeightSum weights={settings.customWeights} />
          </Stack>
        ) : null}
      </Stack>
    </ConfigSection>
  );
}

/** The running sum under the weights, red while it is not 1 (the form's `weightSum` message says the same). */
function WeightSum({ weights }: { weights: number[] }) {
  const sum = weights.reduce((a, b) => a + b, 0);
  const ok = Math.abs(sum - 1) <= WEIGHT_SUM_TOLERANCE;
  return (
    <Group gap={6}>
      <Text size="sm" c={ok ? 'dimmed' : 'red'} data-testid="weight-sum">
        Sum of weights: {Number.isNaN(sum) ? '–' : sum.toFixed(2)} {ok ? '✓' : '(must be 1)'}
      </Text>
    </Group>
  );
}
