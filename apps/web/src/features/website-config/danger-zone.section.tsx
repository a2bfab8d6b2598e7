import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Website } from '@ocx/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteWebsite } from '../../api/mutations/use-website-mutations';
import { openConfirm } from '../../components/dialog-close';
import { ConfigSection } from './config-section';

export function DangerZoneSection({ website }: { website: Website }) {
  const remove = useDeleteWebsite(website.id, {
    onSuccess: () => notifications.show({ color: 'ocx', message: `Website "${website.name}" deleted` }),
    onError: () =>
      notifications.show({ color: 'red', message: 'Failed to delete website. Please try again.' }),
  });
  const confirm = () =>
    openConfirm({
      title: 'Delete website',
      children: `Are you sure you want to delete "${website.name}"? Its settings and goals are removed. This cannot be undone.`,
      labels: { confirm: 'Delete website', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  return (
    <ConfigSection title="Delete Website">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Removes {website.name} and its configuration from OCX.
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={confirm}
          loading={remove.isPending}
        >
          Delete website
        </Button>
      </Group>
    </ConfigSection>
  );
}
