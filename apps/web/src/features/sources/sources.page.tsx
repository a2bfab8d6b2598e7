import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type TrafficSource, type Website } from '@ocx/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { useSources } from '../../api/queries/use-sources';
import { workspaceApi } from '../../api/workspace.api';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { NewSourceModal } from './new-source-modal';

const TITLE = 'Traffic Sources';

export default function SourcesPage() {
  return (
    <WorkspaceGate title={TITLE}>{(website) => <Sources key={website.id} website={website} />}</WorkspaceGate>
  );
}

function Sources({ website }: { website: Website }) {
  const [opened, setOpened] = useState(false);
  const sources = useSources(website.id);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
            New Source
          </Button>
        }
      />
      {sources.isPending ? (
        <SectionLoader label="Loading sources..." />
      ) : sources.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={sources.error.message} />
      ) : sources.data.length === 0 ? (
        <Text c="dimmed">
          No traffic sources configured yet. Click the button above to add your first source.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {sources.data.map((s) => (
            <SourceCard key={s.id} source={s} />
          ))}
        </SimpleGrid>
      )}
      <NewSourceModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function SourceCard({ source }: { source: TrafficSource }) {
  const invalidate = useInvalidateWorkspace(source.websiteId);
  const remove = useMutation({
    mutationFn: () => workspaceApi.removeSource(source.websiteId, source.id),
    onSuccess: invalidate,
    onError: () => notifications.show({ color: 'red', message: messages.sources.deleteFailed }),
  });
  return (
    <Card withBorder padding="lg" data-testid="source-card" aria-label={source.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600} size="lg">
                {source.name}
              </Text>
              {source.isDefault ? (
                <Badge size="xs" variant="light" color="gray">
                  Default
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {source.description || 'No description'}
            </Text>
          </Stack>
          <Tooltip label="Delete source">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Delete source"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Divider />
        <MetricsRow metrics={source.metrics} />
      </Stack>
    </Card>
  );
}
