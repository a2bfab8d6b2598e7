import { Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { messages, type Network } from '@ocx/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { useAdPlatforms } from '../../api/queries/use-ad-platforms';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { useSources } from '../../api/queries/use-sources';
import { workspaceApi } from '../../api/workspace.api';
import { FormActions } from '../../components/form-actions';
import { RemovableChip } from '../../components/workspace/removable-chip';

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
  const invalidate = useInvalidateWorkspace(websiteId);
  const sources = useSources(websiteId);
  const platforms = useAdPlatforms();
  const [name, setName] = useState(network?.name ?? '');
  const [param, setParam] = useState('');
  const [params, setParams] = useState<string[]>(network?.trackingParams.map((p) => p.name) ?? []);
  const [chosen, setChosen] = useState<string[]>(network?.sources ?? []);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName(network?.name ?? '');
    setParam('');
    setParams(network?.trackingParams.map((p) => p.name) ?? []);
    setChosen(network?.sources ?? []);
    setError(null);
    onClose();
  };

  const save = useMutation({
    mutationFn: () => {
      const input = { name: name.trim(), trackingParams: params, sources: chosen };
      return network
        ? workspaceApi.updateNetwork(websiteId, network.id, input)
        : workspaceApi.createNetwork(websiteId, input);
    },
    onSuccess: async () => {
      await invalidate();
      close();
    },
    onError: (err) =>
      setError(refusalOr(err, network ? messages.networks.updateFailed : messages.networks.createFailed)),
  });

  /** Spec §2: a tracking parameter is added by pressing Enter; it needs non-empty text. */
  const addParam = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const value = param.trim().toLowerCase();
    if (!value) return setError(messages.networks.paramRequired);
    setError(null);
    if (!params.includes(value)) setParams([...params, value]);
    setParam('');
  };

  /** A known ad platform fills the name and its click-id parameters from the shared catalogue. */
  const fromPlatform = (id: string | null) => {
    const platform = platforms.data?.find((p) => p.id === id);
    if (!platform) return;
    setName(`${platform.name} Ads`);
    setParams(platform.trackingParams.map((p) => p.name));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(messages.networks.nameRequired);
    setError(null);
    save.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title={network ? `Edit network "${network.name}"` : 'New Network'}>
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
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            withAsterisk
            data-autofocus
          />
          <TextInput
            label="Tracking Parameters"
            description="Type a parameter and press Enter"
            placeholder="gclid"
            value={param}
            onChange={(e) => setParam(e.currentTarget.value)}
            onKeyDown={addParam}
          />
          {params.length > 0 ? (
            <Group gap={6}>
              {params.map((p) => (
                <RemovableChip
                  key={p}
                  onRemove={() => setParams(params.filter((x) => x !== p))}
                  removeLabel={`Remove ${p}`}
                >
                  {p}
                </RemovableChip>
              ))}
            </Group>
          ) : null}
          <Checkbox.Group label="Traffic Sources" value={chosen} onChange={setChosen}>
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
          <FormActions error={error} onCancel={close} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
