import { ActionIcon, Badge, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type Network } from '@ocx/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteNetwork } from '../../api/mutations/use-network-mutations';
import { formatCount } from '../../components/count-format';
import { EntityCard } from '../../components/entity-card/entity-card';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { NetworkFormModal } from './network-form-modal';

export function NetworkCard({ network }: { network: Network }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteNetwork(network.websiteId, {
    onError: () => notifications.show({ color: 'red', message: messages.networks.deleteFailed }),
  });
  return (
    <EntityCard
      testId="network-card"
      noun="network"
      name={network.name}
      subtitle={`${formatCount(network.sources.length)} source(s) configured`}
      actions={
        <Tooltip label="Edit network">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit network ${network.name}`}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      }
      onDelete={() => remove.mutate(network.id)}
      deleting={remove.isPending}
    >
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
      {editing ? (
        <NetworkFormModal
          websiteId={network.websiteId}
          network={network}
          opened
          onClose={() => setEditing(false)}
        />
      ) : null}
    </EntityCard>
  );
}
