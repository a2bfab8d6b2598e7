import { Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type Goal, type GoalType, messages, type NewGoal } from '@ocx/contracts';
import { goalRuleError } from '@ocx/core';
import { ApiError, refusalOr } from '../../api/client';
import { useAddGoal, useUpdateGoal } from '../../api/mutations/use-website-mutations';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { NumberField } from '../../components/forms/number-field';
import { FORM_ERROR, formError, showServerError } from '../../components/forms/server-error';
import { goalFieldErrors } from './goal-field-errors';

const CONDITION_FIELD = {
  pageview: { key: 'path', label: 'Page Path', placeholder: '/thank-you' },
  click: { key: 'selector', label: 'CSS Selector', placeholder: '#buy-button' },
  event: { key: 'event', label: 'Event Name', placeholder: 'purchase' },
} as const;

interface GoalValues {
  name: string;
  type: GoalType;
  condition: string;
  value: number | '';
}

// The server names the condition by its key; the form has one condition field for every type.
const SERVER_FIELDS = {
  'conditions.path': 'condition',
  'conditions.selector': 'condition',
  'conditions.event': 'condition',
};

interface Props {
  websiteId: string;
  /** The goal to edit; null adds a new one. */
  goal: Goal | null;
  opened: boolean;
  onClose(): void;
}

/** Adds a conversion goal, or edits one: its name, type, condition and value. */
export function GoalModal({ websiteId, goal, opened, onClose }: Props) {
  const title = goal ? 'Edit Conversion Goal' : 'New Conversion Goal';
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={dialogCloseProps(title)}>
      {/* A fresh form per goal, so one goal's edits never show in another's. */}
      <GoalForm key={goal?.id ?? 'new'} websiteId={websiteId} goal={goal} onClose={onClose} />
    </Modal>
  );
}

function valuesOf(goal: Goal | null): GoalValues {
  if (!goal) return { name: '', type: 'pageview', condition: '', value: '' };
  return {
    name: goal.name,
    type: goal.type,
    condition: goal.conditions[CONDITION_FIELD[goal.type].key] ?? '',
    value: goal.value ?? '',
  };
}

function GoalForm({ websiteId, goal, onClose }: Omit<Props, 'opened'>) {
  const form = useForm<GoalValues>({
    initialValues: valuesOf(goal),
    // A field is marked once it is changed or the goal is saved, then follows each keystroke.
    validateInputOnChange: ['name', 'condition'],
    validate: {
      name: (_, values) => goalFieldErrors(values.name, values.type, values.condition).name,
      condition: (_, values) => goalFieldErrors(values.name, values.type, values.condition).condition,
    },
  });
  const { type } = form.values;
  const field = CONDITION_FIELD[type];

  const close = () => {
    form.reset();
    onClose();
  };

  const failed = (fallback: string) => (err: Error) => {
    const message = refusalOr(err, fallback);
    // A duplicate (409) and the server's refusal of a selector (its parser is stricter than some
    // browsers) are about the condition: they show at that field.
    if (err instanceof ApiError && err.status === 409) form.setFieldError('condition', message);
    else if (message === messages.goals.invalidSelector) form.setFieldError('condition', message);
    else showServerError(form, err, message, SERVER_FIELDS);
  };
  const add = useAddGoal(websiteId, {
    onSuccess: (saved) => {
      notifications.show({ color: 'ocx', message: messages.goals.added(saved.name) });
      close();
    },
    onError: failed(messages.goals.addFailed),
  });
  const update = useUpdateGoal(websiteId, {
    onSuccess: (saved) => {
      notifications.show({ color: 'ocx', message: messages.goals.updated(saved.name) });
      close();
    },
    onError: failed(messages.goals.updateFailed),
  });

  const submit = form.onSubmit(
    (values) => {
      const body: NewGoal = {
        name: values.name.trim(),
        type: values.type,
        conditions: { [field.key]: values.condition.trim() },
        value: values.value === '' ? null : values.value,
      };
      if (goal) update.mutate({ goalId: goal.id, patch: body });
      else add.mutate(body);
    },
    // The banner keeps the first rule the goal breaks (spec §5 text); the fields say theirs.
    (_, values) => {
      const message = goalRuleError({
        name: values.name,
        type: values.type,
        conditions: { [field.key]: values.condition },
      });
      if (message) form.setFieldError(FORM_ERROR, message);
    },
  );

  const changeType = (next: string) => {
    form.setFieldValue('type', next as GoalType);
    // The condition's message depends on the type: a marked condition is checked again.
    if (form.errors.condition) form.validateField('condition');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Goal Name"
          placeholder="Purchase"
          {...form.getInputProps('name')}
          withAsterisk
          data-autofocus
        />
        <Radio.Group label="Goal Type" value={type} onChange={changeType} withAsterisk>
          <Group mt={6}>
            <Radio value="pageview" label="Pageview" />
            <Radio value="click" label="Click" />
            <Radio value="event" label="Event" />
          </Group>
        </Radio.Group>
        <TextInput
          label={field.label}
          placeholder={field.placeholder}
          {...form.getInputProps('condition')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          withAsterisk
          description={
            type === 'pageview'
              ? 'Matches pages whose path contains this text'
              : type === 'click'
                ? 'A click on an element matching this selector (an id or a class)'
                : "The name your site sends with ocx('event', name)"
          }
        />
        <NumberField
          label="Goal Value"
          description={
            type === 'event'
              ? 'Optional: what one conversion is worth when the event brings no value of its own'
              : 'Optional: what one conversion is worth'
          }
          value={form.values.value}
          onChange={(v) => form.setFieldValue('value', typeof v === 'number' ? v : '')}
          min={0}
          decimalScale={2}
          allowNegative={false}
        />
        <FormActions
          error={formError(form)}
          onCancel={close}
          saving={add.isPending || update.isPending}
          submitLabel={goal ? 'Save Goal' : 'Add Goal'}
        />
      </Stack>
    </form>
  );
}
