import { Group, Modal, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type GoalType, messages } from '@ocx/contracts';
import { goalRuleError } from '@ocx/core';
import { refusalOr } from '../../api/client';
import { useAddGoal } from '../../api/mutations/use-website-mutations';
import { FormActions } from '../../components/form-actions';
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

export function NewGoalModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const form = useForm<GoalValues>({
    initialValues: { name: '', type: 'pageview', condition: '', value: '' },
    // A field is marked once it is changed or the goal is added, then follows each keystroke.
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

  const add = useAddGoal(websiteId, {
    onSuccess: (goal) => {
      notifications.show({ color: 'ocx', message: messages.goals.added(goal.name) });
      close();
    },
    onError: (err) => {
      const message = refusalOr(err, messages.goals.addFailed);
      // The server's refusal of a selector (its parser is stricter than some browsers) belongs at the field.
      if (message === messages.goals.invalidSelector) form.setFieldError('condition', message);
      else showServerError(form, err, message, SERVER_FIELDS);
    },
  });

  const submit = form.onSubmit(
    (values) =>
      add.mutate({
        name: values.name.trim(),
        type: values.type,
        conditions: { [field.key]: values.condition.trim() },
        value: values.value === '' ? null : values.value,
      }),
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
    <Modal opened={opened} onClose={close} title="New Conversion Goal">
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
          <NumberInput
            label="Goal Value"
            description="Optional: what one conversion is worth"
            value={form.values.value}
            onChange={(v) => form.setFieldValue('value', typeof v === 'number' ? v : '')}
            min={0}
            decimalScale={2}
            allowNegative={false}
          />
          <FormActions
            error={formError(form)}
            onCancel={close}
            saving={add.isPending}
            submitLabel="Add Goal"
          />
        </Stack>
      </form>
    </Modal>
  );
}
