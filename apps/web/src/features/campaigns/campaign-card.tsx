import { ActionIcon, Card, Code, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Campaign, messages } from '@ocx/contracts';
import { IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, serverAnswered } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { workspaceApi } from '../../api/workspace.api';
import { CopyButton } from '../../components/copy-button';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { CampaignSpend } from './campaign-spend';

export function CampaignCard({
  campaign,
  onEdit,
  onAddSpend,
}: {
  campaign: Campaign;
  onEdit(): void;
  onAddSpend(): void;
}) {
  const invalidate = useInvalidateWorkspace(campaign.websiteId);
  const remove = useMutation({
    // Spec §4: deleting a campaign that no longer exists counts as success.
    mutationFn: () =>
      workspaceApi.removeCampaign(campaign.websiteId, campaign.id).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 404 && err.message === messages.campaigns.notFound))
          throw err;
      }),
    onSuccess: async () => {
      await invalidate();
      notifications.show({ color: 'ocx', message: messages.campaigns.deleted });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: serverAnswered(err) ? messages.campaigns.deleteFailed : messages.campaigns.deleteError,
      }),
  });
  const confirmDelete = () =>
    modals.openConfirmModal({
      // The spec's question stays; the title names what goes.
      title: `Delete campaign "${campaign.name}"`,
      children: <Text size="sm">{messages.campaigns.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  return (
    <Card withBorder padding="lg" data-testid="campaign-card" aria-label={campaign.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate>
              {campaign.name}
            </Text>
            <Text size="sm" c="dimmed">
              {campaign.network} / {campaign.source}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Open landing page">
              <ActionIcon
                variant="subtle"
                component="a"
                // The bare page: opening it here must not count as a click from the campaign.
                href={campaign.landingPage}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Open landing page"
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Edit campaign">
              <ActionIcon variant="subtle" aria-label="Edit campaign" onClick={onEdit}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete campaign">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete campaign"
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Stack gap={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed">
              Landing Page:{' '}
            </Text>
            {campaign.landingPage || 'N/A'}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              Tracking ID:
            </Text>
            <Code data-testid="tracking-id" style={{ overflowWrap: 'anywhere' }}>
              {campaign.ocxid}
            </Code>
            <CopyButton value={campaign.trackedUrl} label="Copy link" />
          </Group>
        </Stack>
        <Divider />
        <MetricsRow metrics={campaign.metrics} revenue />
        <CampaignSpend campaign={campaign} onAdd={onAddSpend} />
      </Stack>
    </Card>
  );
}
