import { ActionIcon, Badge, Button, Divider, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type TrafficSource, type Website } from '@ocx/contracts';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteSource } from '../../api/mutations/use-source-mutations';
import { useSources } from '../../api/queries/use-sources';
import { EntityCard } from '../../components/entity-card/entity-card';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { SourceFormModal } from './source-form-modal';

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
        <>
          {/* A source named like a channel (Social, Email) is not that channel: say which visits it counts. */}
          <Text size="sm" c="dimmed" mb="md" data-testid="sources-note">
            A source counts the visits through its campaigns' links (and links tagged with its name as
            utm_medium), since the website was added. The dashboard's channels of the same name count every
            visit from that kind of site in the range, so their numbers differ.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {sources.data.map((s) => (
              <SourceCard key={s.id} source={s} />
            ))}
          </SimpleGrid>
        </>
      )}
      <SourceFormModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function SourceCard({ source }: { source: TrafficSource }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteSource(source.websiteId, {
    onError: () => notifications.show({ color: 'red', message: messages.sources.deleteFailed }),
  });
  return (
    <EntityCard
      testId="source-card"
      noun="source"
      name={source.name}
      badge={
        source.isDefault ? (
          <Badge size="xs" variant="light" color="gray">
            Default
          </Badge>
        ) : null
      }
      subtitle={source.description || 'No description'}
      actions={
        <Tooltip label="Edit source">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit source ${source.name}`}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      }
      onDelete={() => remove.mutate(source.id)}
      deleting={remove.isPending}
    >
      <Divider />
      <MetricsRow
        metrics={source.metrics}
        clicksLabel="Campaign clicks"
        clicksUnit="visits through its campaign links"
      />
      {editing ? (
        <SourceFormModal
          websiteId={source.websiteId}
          source={source}
          opened
          onClose={() => setEditing(false)}
        />
      ) : null}
    </EntityCard>
  );
}
