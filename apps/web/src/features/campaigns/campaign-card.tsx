import { ActionIcon, Code, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Campaign, messages } from '@ocx/contracts';
import { IconEdit } from '@tabler/icons-react';
import { serverAnswered } from '../../api/client';
import { useDeleteCampaign } from '../../api/mutations/use-campaign-mutations';
import { CopyButton } from '../../components/copy-button';
import { EntityCard } from '../../components/entity-card/entity-card';
import { OpenLandingPageAction } from '../../components/entity-card/open-landing-page-action';
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
  const remove = useDeleteCampaign(campaign.websiteId, {
    onSuccess: () => notifications.show({ color: 'ocx', message: messages.campaigns.deleted }),
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: serverAnswered(err) ? messages.campaigns.deleteFailed : messages.campaigns.deleteError,
      }),
  });
  return (
    <EntityCard
      testId="campaign-card"
      noun="campaign"
      name={campaign.name}
      subtitle={`${campaign.network} / ${campaign.source}`}
      truncate
      actions={
        <>
          <OpenLandingPageAction href={campaign.landingPage} />
          <Tooltip label="Edit campaign">
            <ActionIcon variant="subtle" aria-label={`Edit campaign ${campaign.name}`} onClick={onEdit}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      }
      // The spec's question stays; the dialog's title names what goes.
      deleteQuestion={messages.campaigns.deleteConfirm}
      onDelete={() => remove.mutate(campaign.id)}
      deleting={remove.isPending}
    >
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
    </EntityCard>
  );
}
