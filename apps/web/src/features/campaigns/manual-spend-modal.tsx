import { Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Campaign } from '@ocx/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { costsApi } from '../../api/costs.api';
import { useInvalidateSpend } from '../../api/queries/use-invalidate-spend';
import { FormActions } from '../../components/form-actions';

// The browser's own day: what the person means by today.
const today = () => new Date().toLocaleDateString('en-CA');

/** Spend entered by hand: an amount spread evenly over a range of days (loaded when opened). */
export default function ManualSpendModal({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const invalidate = useInvalidateSpend(campaign.websiteId);
  const [startDate, setStartDate] = useState(today());
  const [endDate, setEndDate] = useState(today());
  const [amount, setAmount] = useState<number | string>('');
  const [currency, setCurrency] = useState(Object.keys(campaign.spend.cost)[0] ?? 'USD');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      costsApi.addManual(campaign.websiteId, campaign.id, {
        startDate,
        endDate,
        amount: Number(amount),
        currency: currency.trim().toUpperCase(),
      }),
    onSuccess: async (result) => {
      await invalidate();
      notifications.show({
        color: 'ocx',
        closeButtonProps: { 'aria-label': 'Close' },
        message: `Spend saved for ${result.saved} day${result.saved === 1 ? '' : 's'}${result.replaced ? ` (${result.replaced} replaced)` : ''}`,
      });
      onClose();
    },
    onError: (err) => setError(refusalOr(err, 'Failed to save the spend. Please try again.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || !startDate || !endDate) return setError('Please fill in all required fields');
    setError(null);
    save.mutate();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Add spend: ${campaign.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The amount is spread evenly over the days, both included. Days that already have spend are
            replaced.
          </Text>
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label="From"
              value={startDate}
              onChange={(e) => setStartDate(e.currentTarget.value)}
              withAsterisk
            />
            <TextInput
              type="date"
              label="To"
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
              withAsterisk
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <NumberInput
              label="Amount"
              min={0}
              decimalScale={3}
              value={amount}
              onChange={setAmount}
              withAsterisk
            />
            <TextInput
              label="Currency"
              maxLength={3}
              value={currency}
              onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
              withAsterisk
            />
          </SimpleGrid>
          <FormActions error={error} onCancel={onClose} saving={save.isPending} submitLabel="Save spend" />
        </Stack>
      </form>
    </Modal>
  );
}
