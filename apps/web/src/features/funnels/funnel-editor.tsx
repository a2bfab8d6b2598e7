import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Funnel, messages } from '@ocx/contracts';
import { funnelStepsError } from '@ocx/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { refusalOr } from '../../api/client';
import { useSaveFunnel } from '../../api/mutations/use-funnel-mutations';
import { FormActions } from '../../components/form-actions';
import { FORM_ERROR, formError, showServerError } from '../../components/forms/server-error';
import {
  addStep,
  browserAcceptsSelector,
  type ConditionType,
  draftToInput,
  type FunnelDraft,
  invalidSelectorError,
  moveStep,
  removeStep,
  type StepDraft,
  updateStep,
} from './funnel-draft';

const CONDITION = {
  path: { label: 'URL path contains', placeholder: '/pricing' },
  selector: { label: 'CSS selector', placeholder: '#buy-button or .signup' },
} as const;

/** Spec §2/§4 funnel editor: name, description and ordered steps with one condition each. */
export function FunnelEditor({
  websiteId,
  initial,
  onSaved,
  onCancel,
}: {
  websiteId: string;
  initial: FunnelDraft;
  onSaved(funnel: Funnel): void;
  onCancel(): void;
}) {
  const form = useForm<FunnelDraft>({
    initialValues: initial,
    // The steps' rules name the step they concern: said above the buttons (spec §4 texts).
    validate: (draft) => {
      const invalid =
        funnelStepsError(draftToInput(draft).steps) ??
        invalidSelectorError(draft.steps, browserAcceptsSelector);
      return invalid ? { [FORM_ERROR]: invalid } : {};
    },
  });
  const draft = form.values;
  const save = useSaveFunnel(websiteId);
  const setSteps = (change: (steps: StepDraft[]) => StepDraft[]) =>
    form.setFieldValue('steps', change(form.getValues().steps));

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: values.id, input: draftToInput(values) },
      {
        onSuccess: onSaved,
        onError: (err) => showServerError(form, err, refusalOr(err, messages.funnels.saveFailed)),
      },
    ),
  );

  return (
    <Card withBorder padding="lg" radius="md" component="form" onSubmit={submit} aria-label="Funnel editor">
      <Stack gap="md">
        <Title order={4}>{draft.id ? 'Edit Funnel' : 'Create Funnel'}</Title>
        <TextInput label="Funnel Name" {...form.getInputProps('name')} maxLength={200} />
        <Textarea
          label="Description"
          placeholder="What this funnel measures"
          {...form.getInputProps('description')}
          rows={2}
          maxLength={2000}
        />
        <Title order={5}>Steps</Title>
        {draft.steps.map((step, i) => (
          <StepEditor
            key={step.key}
            step={step}
            first={i === 0}
            last={i === draft.steps.length - 1}
            only={draft.steps.length === 1}
            onChange={(change) => setSteps((s) => updateStep(s, i, change))}
            onMove={(by) => setSteps((s) => moveStep(s, i, by))}
            onRemove={() => setSteps((s) => removeStep(s, i))}
          />
        ))}
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setSteps(addStep)}>
            Add Step
          </Button>
        </Group>
        <FormActions
          error={formError(form)}
          onCancel={onCancel}
          saving={save.isPending}
          submitLabel="Save Funnel"
        />
      </Stack>
    </Card>
  );
}

function StepEditor({
  step,
  first,
  last,
  only,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepDraft;
  first: boolean;
  last: boolean;
  only: boolean;
  onChange(change: Partial<StepDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const condition = CONDITION[step.type];
  return (
    <Paper withBorder p="md" radius="sm" role="group" aria-label={`Step ${step.order}`}>
      <Group justify="space-between" mb="sm">
        <Badge variant="light">Step {step.order}</Badge>
        <Group gap={4}>
          <Tooltip label="Move up">
            <ActionIcon
              variant="subtle"
              aria-label={`Move step up ${step.order}`}
              disabled={first}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              aria-label={`Move step down ${step.order}`}
              disabled={last}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={only ? 'A funnel needs at least 1 step' : 'Delete step'}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete step ${step.order}`}
              disabled={only}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Stack gap="sm">
        <TextInput
          label="Step Name"
          value={step.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          maxLength={200}
        />
        <SegmentedControl
          aria-label="Condition type"
          value={step.type}
          onChange={(v) => onChange({ type: v as ConditionType })}
          data={[
            { value: 'path', label: CONDITION.path.label },
            { value: 'selector', label: CONDITION.selector.label },
          ]}
        />
        <TextInput
          label={condition.label}
          placeholder={condition.placeholder}
          value={step.value}
          onChange={(e) => onChange({ value: e.currentTarget.value })}
          maxLength={step.type === 'path' ? 2048 : 512}
        />
      </Stack>
    </Paper>
  );
}
