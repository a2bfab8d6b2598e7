import { Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Attribution, type AttributionModel, attributionModels, messages } from '@ocx/contracts';
import {
  isPositionalModel,
  MODEL_DESCRIPTIONS,
  MODEL_LABELS,
  setModelWeights,
  switchModel,
  WEIGHT_SUM_TOLERANCE,
} from '@ocx/core';
import { ConfigSection } from './config-section';

interface Props {
  attribution: Attribution;
  onChange(attribution: Attribution): void;
}

/** A cleared number field becomes NaN so the range message shows instead of a silent 0. */
const toNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
const outside = (value: number, min: number, max: number) => !(value >= min && value <= max);

export function AttributionSection({ attribution, onChange }: Props) {
  const { model, window, settings } = attribution;
  const setSettings = (patch: Partial<Attribution['settings']>) =>
    onChange({ ...attribution, settings: { ...settings, ...patch } });
  // Each positional model keeps its own weights: an edit here changes the selected model's only.
  const setWeights = (patch: Parameters<typeof setModelWeights>[1]) =>
    onChange(setModelWeights(attribution, patch));
  const weight = (label: string, value: number, set: (v: number) => void, step: number) => (
    <NumberInput
      key={label}
      label={label}
      value={Number.isNaN(value) ? '' : value}
      onChange={(v) => set(toNumber(v))}
      min={0}
      max={1}
      step={step}
      decimalScale={2}
      clampBehavior="none"
      error={outside(value, 0, 1) ? messages.config.weightRange : null}
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
          <NumberInput
            label="Attribution window (days)"
            description="1 to 365 days; 90 is recommended"
            value={Number.isNaN(window) ? '' : window}
            onChange={(v) => onChange({ ...attribution, window: toNumber(v) })}
            min={1}
            max={365}
            allowDecimal={false}
            clampBehavior="none"
            error={outside(window, 1, 365) ? messages.config.windowRange : null}
          />
        </SimpleGrid>

        {model === 'time_decay' ? (
          <NumberInput
            label="Decay parameter (half-life in days)"
            description="A touchpoint this many days before the conversion gets half the weight of one at the conversion"
            value={Number.isNaN(settings.decayParameter) ? '' : settings.decayParameter}
            onChange={(v) => setSettings({ decayParameter: toNumber(v) })}
            min={1}
            max={30}
            clampBehavior="none"
            maw={360}
            error={outside(settings.decayParameter, 1, 30) ? messages.config.decayRange : null}
          />
        ) : null}

        {isPositionalModel(model) ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {MODEL_LABELS[model]} weights — each of Position Based, U-Shaped and W-Shaped keeps its own.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {weight('First touch weight', settings.firstWeight, (v) => setWeights({ firstWeight: v }), 0.1)}
              {weight(
                'Middle touches weight',
                settings.middleWeight,
                (v) => setWeights({ middleWeight: v }),
                0.1,
              )}
              {weight('Last touch weight', settings.lastWeight, (v) => setWeights({ lastWeight: v }), 0.1)}
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
