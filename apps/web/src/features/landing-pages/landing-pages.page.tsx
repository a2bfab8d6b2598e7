import { ActionIcon, Alert, Button, Divider, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LandingPage, messages, type Website } from '@ocx/contracts';
import { IconChartBar, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { serverAnswered } from '../../api/client';
import { useDeleteLandingPage } from '../../api/mutations/use-landing-page-mutations';
import { useLandingPages } from '../../api/queries/use-landing-pages';
import { EntityCard } from '../../components/entity-card/entity-card';
import { OpenLandingPageAction } from '../../components/entity-card/open-landing-page-action';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { LandingPageFormModal } from '../../components/landing-pages/landing-page-form-modal';
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
            <LandingPageCard key={p.id} page={p} website={website} />
          ))}
        </SimpleGrid>
      )}
      <LandingPageFormModal website={website} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function LandingPageCard({ page, website }: { page: LandingPage; website: Website }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteLandingPage(page.websiteId, {
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: serverAnswered(err) ? messages.landingPages.deleteFailed : messages.landingPages.deleteError,
      }),
  });
  return (
    <EntityCard
      testId="landing-page-card"
      noun="landing page"
      name={page.name}
      subtitle={page.url}
      truncate
      actions={
        <>
          <Tooltip label="View statistics">
            <ActionIcon
              variant="subtle"
              component="a"
              href={`/analytics/landing-pages/${encodeURIComponent(page.id)}`}
              aria-label={`View statistics of ${page.name}`}
            >
              <IconChartBar size={18} />
            </ActionIcon>
          </Tooltip>
          <OpenLandingPageAction href={page.href} />
          <Tooltip label="Edit landing page">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit landing page ${page.name}`}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      }
      onDelete={() => remove.mutate(page.id)}
      deleting={remove.isPending}
    >
      <Divider />
      <MetricsRow metrics={page.metrics} />
      {editing ? (
        <LandingPageFormModal website={website} page={page} opened onClose={() => setEditing(false)} />
      ) : null}
    </EntityCard>
  );
}
