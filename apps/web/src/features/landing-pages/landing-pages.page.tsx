import {
  ActionIcon,
  Alert,
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
import { type LandingPage, messages, type Website } from '@ocx/contracts';
import { IconChartBar, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverAnswered } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { useLandingPages } from '../../api/queries/use-landing-pages';
import { workspaceApi } from '../../api/workspace.api';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { NewLandingPageModal } from '../../components/landing-pages/new-landing-page-modal';
import { PageHeader } from '../../components/page-header';
import { MetricsRow } from '../../components/workspace/metrics-row';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';

const TITLE = 'Landing Pages';

export default function LandingPagesPage() {
  return (
    <WorkspaceGate title={TITLE} loadingLabel="Loading configuration...">
      {(website) => <LandingPages key={website.id} website={website} />}
    </WorkspaceGate>
  );
}

function LandingPages({ website }: { website: Website }) {
  const [opened, setOpened] = useState(false);
  const pages = useLandingPages(website.id);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
            New Landing Page
          </Button>
        }
      />
      {!website.rootDomain ? (
        <Alert color="yellow" variant="light" mb="md">
          {messages.landingPages.domainRequired}
        </Alert>
      ) : null}
      {pages.isPending ? (
        <SectionLoader label="Loading configuration..." />
      ) : pages.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={pages.error.message} />
      ) : pages.data.length === 0 ? (
        <Text c="dimmed">
          No landing pages yet. Click the button above to create your first landing page.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {pages.data.map((p) => (
            <LandingPageCard key={p.id} page={p} />
          ))}
        </SimpleGrid>
      )}
      <NewLandingPageModal website={website} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function LandingPageCard({ page }: { page: LandingPage }) {
  const invalidate = useInvalidateWorkspace(page.websiteId);
  const remove = useMutation({
    mutationFn: () => workspaceApi.removeLandingPage(page.websiteId, page.id),
    onSuccess: invalidate,
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: serverAnswered(err) ? messages.landingPages.deleteFailed : messages.landingPages.deleteError,
      }),
  });
  return (
    <Card withBorder padding="lg" data-testid="landing-page-card" aria-label={page.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate>
              {page.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {page.url}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="View statistics">
              <ActionIcon
                variant="subtle"
                component="a"
                href={`/analytics/landing-pages/${encodeURIComponent(page.id)}`}
                target="_blank"
                rel="noopener"
                aria-label="View statistics"
              >
                <IconChartBar size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Open landing page">
              <ActionIcon
                variant="subtle"
                component="a"
                href={page.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Open landing page"
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete landing page">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete landing page"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Divider />
        <MetricsRow metrics={page.metrics} />
      </Stack>
    </Card>
  );
}
