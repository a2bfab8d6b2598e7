import { Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type Network } from '@ocx/contracts';
import type { KeyboardEvent } from 'react';
import { refusalOr } from '../../api/client';
import { useCreateNetwork, useUpdateNetwork } from '../../api/mutations/use-network-mutations';
import { useAdPlatforms } from '../../api/queries/use-ad-platforms';
import { useSources } from '../../api/queries/use-sources';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';
import { RemovableChip } from '../../components/workspace/removable-chip';

interface NetworkValues {
  name: string;
  /** The tracking parameter being typed; Enter adds it to `trackingParams`. */
  param: string;
  trackingParams: string[];
  sources: string[];
}

const valuesOf = (network?: Network): NetworkValues => ({
  name: network?.name ?? '',
  param: '',
  trackingParams: network?.trackingParams.map((p) => p.name) ?? [],
  sources: network?.sources ?? [],
});

/** New Network, or Edit Network when given one: the same fields and rules either way. */
export function NetworkFormModal({
  websiteId,
  network,
  opened,
  onClose,
}: {
  websiteId: string;
  network?: Network;
  opened: boolean;
  onClose(): void;
}) {
  const sources = useSources(websiteId);
  const platforms = useAdPlatforms();
  const form = useForm<NetworkValues>({
    initialValues: valuesOf(network),
    validate: { name: (name) => (name.trim() ? null : messages.networks.nameRequired) },
  });

  const close = () => {
    form.reset();
    onClose();
  };
  const callbacks = {
    onSuccess: close,
    onError: (err: Error) =>
      showServerError(
        form,
        err,
        refusalOr(err, network ? messages.networks.updateFailed : messages.networks.createFailed),
      ),
  };
  const create = useCreateNetwork(websiteId, callbacks);
  const update = useUpdateNetwork(websiteId, callbacks);

  /** Spec §2: a tracking parameter is added by pressing Enter; it needs non-empty text. */
  const addParam = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const value = form.values.param.trim().toLowerCase();
    if (!value) return form.setFieldError('param', messages.networks.paramRequired);
    if (!form.values.trackingParams.includes(value)) form.insertListItem('trackingParams', value);
    form.setFieldValue('param', '');
  };

  /** A known ad platform fills the name and its click-id parameters from the shared catalogue. */
  const fromPlatform = (id: string | null) => {
    const platform = platforms.data?.find((p) => p.id === id);
    if (!platform) return;
    form.setFieldValue('name', `${platform.name} Ads`);
    form.setFieldValue(
      'trackingParams',
      platform.trackingParams.map((p) => p.name),
    );
  };

  const submit = form.onSubmit(({ name, trackingParams, sources: chosen }) => {
    const input = { name: name.trim(), trackingParams, sources: chosen };
    if (network) update.mutate({ id: network.id, input });
    else create.mutate(input);
  });

  const title = network ? `Edit network "${network.name}"` : 'New Network';
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={dialogCloseProps(title)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Ad platform"
            description="Optional: start from a known platform's click-id parameters"
            placeholder="Choose a platform"
            data={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={fromPlatform}
            clearable
          />
          <TextInput
            label="Network Name"
            placeholder="Google Ads"
            {...form.getInputProps('name')}
            withAsterisk
            data-autofocus
          />
          <TextInput
            label="Tracking Parameters"
            description="Type a parameter and press Enter"
            placeholder="gclid"
            {...form.getInputProps('param')}
            onKeyDown={addParam}
          />
          {form.values.trackingParams.length > 0 ? (
            <Group gap={6}>
              {form.values.trackingParams.map((p, index) => (
                <RemovableChip
                  key={p}
                  onRemove={() => form.removeListItem('trackingParams', index)}
                  removeLabel={`Remove ${p}`}
                >
                  {p}
                </RemovableChip>
              ))}
            </Group>
          ) : null}
          <Checkbox.Group label="Traffic Sources" {...form.getInputProps('sources')}>
            <Stack gap={6} mt={6}>
              {(sources.data ?? []).map((s) => (
                <Checkbox key={s.id} value={s.name} label={s.name} />
              ))}
              {sources.data?.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No traffic sources yet.
                </Text>
              ) : null}
            </Stack>
          </Checkbox.Group>
          <FormActions
            error={formError(form)}
            onCancel={close}
            saving={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
