import { Group, Modal, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type GoalType, messages } from '@ocx/contracts';
import { goalRuleError } from '@ocx/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { FormActions } from '../../components/form-actions';
import { goalFieldErrors } from './goal-field-errors';

const CONDITION_FIELD = {
  pageview: { key: 'path', label: 'Page Path', placeholder: '/thank-you' },
  click: { key: 'selector', label: 'CSS Selector', placeholder: '#buy-button' },
  event: { key: 'event', label: 'Event Name', placeholder: 'purchase' },
} as const;

export function NewGoalModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<GoalType>('pageview');
  const [condition, setCondition] = useState('');
  const [value, setValue] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  // Fields are marked once the user has tried to add the goal, then follow each keystroke.
  const [tried, setTried] = useState(false);
  const field = CONDITION_FIELD[type];
  // The server's refusal of a selector (its parser is stricter than some browsers) belongs at the field too.
  const [refusedCondition, setRefusedCondition] = useState<string | null>(null);
  const checked = tried ? goalFieldErrors(name, type, condition) : { name: null, condition: null };
  const fieldErrors = { ...checked, condition: checked.condition ?? refusedCondition };

  const close = () => {
    setName('');
    setType('pageview');
    setCondition('');
    setValue('');
    setError(null);
    setTried(false);
    setRefusedCondition(null);
    onClose();
  };

  const add = useMutation({
    mutationFn: () =>
      websitesApi.addGoal(websiteId, {
        name: name.trim(),
        type,
        conditions: { [field.key]: condition.trim() },
        value: value === '' ? null : value,
      }),
    onSuccess: async (goal) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      notifications.show({ color: 'ocx', message: messages.goals.added(goal.name) });
      close();
    },
    onError: (err) => {
      const message = refusalOr(err, messages.goals.addFailed);
      if (message === messages.goals.invalidSelector) setRefusedCondition(message);
      else setError(message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const fields = goalFieldErrors(name, type, condition);
    const message = goalRuleError({ name, type, conditions: { [field.key]: condition } });
    setError(message);
    if (message || fields.condition) return;
    add.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title="New Conversion Goal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Goal Name"
            placeholder="Purchase"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            withAsterisk
            data-autofocus
          />
          <Radio.Group label="Goal Type" value={type} onChange={(t) => setType(t as GoalType)} withAsterisk>
            <Group mt={6}>
              <Radio value="pageview" label="Pageview" />
              <Radio value="click" label="Click" />
              <Radio value="event" label="Event" />
            </Group>
          </Radio.Group>
          <TextInput
            label={field.label}
            placeholder={field.placeholder}
            value={condition}
            onChange={(e) => {
              setCondition(e.currentTarget.value);
              setRefusedCondition(null);
            }}
            error={fieldErrors.condition}
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
            value={value}
            onChange={(v) => setValue(typeof v === 'number' ? v : '')}
            min={0}
            decimalScale={2}
            allowNegative={false}
          />
          <FormActions error={error} onCancel={close} saving={add.isPending} submitLabel="Add Goal" />
        </Stack>
      </form>
    </Modal>
  );
}
