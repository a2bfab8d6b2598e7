import { Badge, Button, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { CampaignTemplate, TemplateCategory } from '@ocx/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type Dispatch, useState } from 'react';
import { useTemplates } from '../../api/queries/use-templates';
import { SectionLoader } from '../../components/full-page-loader';
import type { BuilderAction, BuilderState } from './builder-state';
import { SaveTemplateModal } from './save-template-modal';

const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  platform: 'By Platform',
  goal: 'By Goal',
  product: 'By Product',
};

/** Campaign Templates: the defaults and the website's own, filtered by category and network. */
export function TemplatesPanel({
  websiteId,
  state,
  dispatch,
}: {
  websiteId: string;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
}) {
  const [category, setCategory] = useState<TemplateCategory | null>(null);
  const [networkOnly, setNetworkOnly] = useState(false);
  const [saving, setSaving] = useState(false);
  const network = networkOnly && state.network ? state.network : undefined;
  const templates = useTemplates(websiteId, { category, network });
  return (
    <Card withBorder padding="lg" component="section" aria-label="Campaign Templates">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Campaign Templates</Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={() => setSaving(true)}
          >
            Save as Template
          </Button>
        </Group>
        <Select
          aria-label="Template category"
          placeholder="All categories"
          data={Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label }))}
          value={category}
          onChange={(v) => setCategory(v as TemplateCategory | null)}
          clearable
        />
        {state.network ? (
          <Switch
            label={`Show ${state.network} Only`}
            checked={networkOnly}
            onChange={(e) => setNetworkOnly(e.currentTarget.checked)}
          />
        ) : null}
        {templates.isPending ? (
          <SectionLoader label="Loading templates..." />
        ) : (templates.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            No matching templates found
          </Text>
        ) : (
          (templates.data ?? []).map((t) => (
            <TemplateCard
              key={t.id}
              template={t}
              onApply={() => dispatch({ type: 'template', template: t })}
            />
          ))
        )}
      </Stack>
      <SaveTemplateModal
        websiteId={websiteId}
        state={state}
        opened={saving}
        onClose={() => setSaving(false)}
      />
    </Card>
  );
}

function TemplateCard({ template, onApply }: { template: CampaignTemplate; onApply(): void }) {
  // Its utm_campaign is not applied (each campaign keeps its own, builder-state.ts): not shown either.
  const utm = Object.entries(template.utmParameters).filter(([k, v]) => v && k !== 'campaign');
  const custom = Object.entries(template.customParameters);
  return (
    <Card withBorder padding="sm" data-testid="template-card" aria-label={template.name}>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {template.name}
        </Text>
        <Group gap={4}>
          {template.isDefault ? (
            <Badge size="xs" variant="light" color="gray">
              Default
            </Badge>
          ) : null}
          <Badge size="xs" variant="outline">
            {CATEGORY_LABELS[template.category]}
          </Badge>
        </Group>
        {template.description ? (
          <Text size="xs" c="dimmed">
            {template.description}
          </Text>
        ) : null}
        {template.network || template.source ? (
          <Text size="xs">
            {template.network} / {template.source}
          </Text>
        ) : null}
        <Stack gap={0}>
          {utm.map(([k, v]) => (
            <Text size="xs" ff="monospace" key={k}>
              utm_{k}: {v}
            </Text>
          ))}
          {custom.map(([k, v]) => (
            <Text size="xs" ff="monospace" key={k} c="dimmed">
              {k}: {v}
            </Text>
          ))}
        </Stack>
        <Button size="xs" variant="light" onClick={onApply}>
          Apply Template
        </Button>
      </Stack>
    </Card>
  );
}
