import { ActionIcon, Badge, Card, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type Network } from '@ocx/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { workspaceApi } from '../../api/workspace.api';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { NetworkFormModal } from './network-form-modal';

export function NetworkCard({ network }: { network: Network }) {
  const [editing, setEditing] = useState(false);
  const invalidate = useInvalidateWorkspace(network.websiteId);
  const remove = useMutation({
    mutationFn: () => workspaceApi.removeNetwork(network.websiteId, network.id),
    onSuccess: invalidate,
    onError: () => notifications.show({ color: 'red', message: messages.networks.deleteFailed }),
  });
  return (
    <Card withBorder padding="lg" data-testid="network-card" aria-label={network.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600} size="lg">
              {network.name}
            </Text>
            <Text size="sm" c="dimmed">
              {network.sources.length} source(s) configured
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit network">
              <ActionIcon variant="subtle" aria-label="Edit network" onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete network">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete network"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Tracking Parameters
          </Text>
          {network.trackingParams.length === 0 ? (
            <Text size="sm">None</Text>
          ) : (
            <Stack gap={2}>
              {network.trackingParams.map((p) => (
                <Text size="sm" key={p.name}>
                  <Text span ff="monospace">
                    {p.name}
                  </Text>{' '}
                  {p.required ? (
                    <Text span c="dimmed" size="xs">
                      (Required)
                    </Text>
                  ) : null}
                </Text>
              ))}
            </Stack>
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Traffic Sources
          </Text>
          <Group gap={6}>
            {network.sources.length === 0 ? <Text size="sm">None</Text> : null}
            {network.sources.map((s) => (
              <Badge key={s} variant="light">
                {s}
              </Badge>
            ))}
          </Group>
        </div>
        <Divider />
        <MetricsRow metrics={network.metrics} />
      </Stack>
      {editing ? (
        <NetworkFormModal
          websiteId={network.websiteId}
          network={network}
          opened
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}
