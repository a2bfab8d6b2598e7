import { Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Campaign } from '@ocx/contracts';
import { refusalOr } from '../../api/client';
import { useAddManualSpend } from '../../api/mutations/use-spend-mutations';
import { dialogCloseProps, notificationCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';

// The browser's own day: what the person means by today.
const today = () => new Date().toLocaleDateString('en-CA');

const REQUIRED = 'Please fill in all required fields';
const filled = (value: string | number) => (value === '' ? REQUIRED : null);

/** Spend entered by hand: an amount spread evenly over a range of days (loaded when opened). */
export default function ManualSpendModal({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const form = useForm({
    initialValues: {
      startDate: today(),
      endDate: today(),
      amount: '' as number | string,
      currency: Object.keys(campaign.spend.cost)[0] ?? 'USD',
    },
    validate: { startDate: filled, endDate: filled, amount: filled },
  });
  const save = useAddManualSpend(campaign.websiteId, campaign.id, {
    onSuccess: (result) => {
      notifications.show({
        color: 'ocx',
        closeButtonProps: notificationCloseProps('spend saved'),
        message: `Spend saved for ${result.saved} day${result.saved === 1 ? '' : 's'}${result.replaced ? ` (${result.replaced} replaced)` : ''}`,
      });
      onClose();
    },
    onError: (err) =>
      showServerError(form, err, refusalOr(err, 'Failed to save the spend. Please try again.')),
  });
  const submit = form.onSubmit(({ startDate, endDate, amount, currency }) =>
    save.mutate({ startDate, endDate, amount: Number(amount), currency: currency.trim().toUpperCase() }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Add spend: ${campaign.name}`}
      closeButtonProps={dialogCloseProps(`Add spend: ${campaign.name}`)}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The amount is spread evenly over the days, both included. Days that already have spend are
            replaced.
          </Text>
          <SimpleGrid cols={2}>
            <TextInput type="date" label="From" {...form.getInputProps('startDate')} withAsterisk />
            <TextInput type="date" label="To" {...form.getInputProps('endDate')} withAsterisk />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <NumberInput
              label="Amount"
              min={0}
              decimalScale={3}
              {...form.getInputProps('amount')}
              withAsterisk
            />
            <TextInput
              label="Currency"
              maxLength={3}
              {...form.getInputProps('currency')}
              onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
              withAsterisk
            />
          </SimpleGrid>
          <FormActions
            error={formError(form)}
            onCancel={onClose}
            saving={save.isPending}
            submitLabel="Save spend"
          />
        </Stack>
      </form>
    </Modal>
  );
}
