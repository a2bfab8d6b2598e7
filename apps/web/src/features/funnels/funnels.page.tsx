import { ActionIcon, Card, Center, Grid, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Funnel, messages, type Website } from '@ocx/contracts';
import { IconChartFunnel, IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeleteFunnel } from '../../api/mutations/use-funnel-mutations';
import { queryKeys } from '../../api/queries/query-keys';
import { useFunnels } from '../../api/queries/use-funnels';
import { openConfirm } from '../../components/dialog-close';
import { SectionLoader } from '../../components/full-page-loader';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { FunnelAnalyticsTab } from './funnel-analytics-tab';
import { FunnelCompareTab } from './funnel-compare-tab';
import { draftFromFunnel, type FunnelDraft, newFunnelDraft } from './funnel-draft';
import { FunnelEditor } from './funnel-editor';
import { FunnelList } from './funnel-list';

const TITLE = screenTitle('/funnels');

type Panel = { kind: 'none' } | { kind: 'view'; id: string } | { kind: 'edit'; draft: FunnelDraft };

export default function FunnelsPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading funnels..." />;
  if (!website) {
    return (
      <>
        <PageHeader title={TITLE} />
        <NoWebsiteSelected />
      </>
    );
  }
  return <FunnelsView key={website.id} website={website} />;
}

function FunnelsView({ website }: { website: Website }) {
  const funnels = useFunnels(website.id);
  const remove = useDeleteFunnel(website.id);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const viewed = panel.kind === 'view' ? funnels.data?.find((f) => f.id === panel.id) : undefined;

  const confirmDelete = (funnel: Funnel) =>
    openConfirm({
      // The spec's question stays; the title names what goes.
      title: `Delete funnel "${funnel.name}"`,
      children: <Text size="sm">{messages.funnels.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(funnel, {
          onSuccess: () =>
            setPanel((p) =>
              (p.kind === 'view' && p.id === funnel.id) || (p.kind === 'edit' && p.draft.id === funnel.id)
                ? { kind: 'none' }
                : p,
            ),
          onError: () => notifications.show({ color: 'red', message: messages.funnels.deleteFailed }),
        }),
    });

  return (
    <>
      <PageHeader title={TITLE} subtitle={website.name} />
      <Grid gap="lg" maw={1400}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <FunnelList
            funnels={funnels.data}
            loading={funnels.isPending}
            failed={funnels.isError}
            onRetry={() => funnels.refetch()}
            selectedId={
              panel.kind === 'view' ? panel.id : panel.kind === 'edit' ? (panel.draft.id ?? null) : null
            }
            onSelect={(f) => setPanel({ kind: 'view', id: f.id })}
            onCreate={() => setPanel({ kind: 'edit', draft: newFunnelDraft() })}
            onEdit={(f) => setPanel({ kind: 'edit', draft: draftFromFunnel(f) })}
            onDelete={confirmDelete}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {panel.kind === 'edit' ? (
            <FunnelEditor
              key={panel.draft.id ?? 'new'}
              websiteId={website.id}
              initial={panel.draft}
              onSaved={(f) => setPanel({ kind: 'view', id: f.id })}
              onCancel={() => setPanel({ kind: 'none' })}
            />
          ) : viewed ? (
            <FunnelView funnel={viewed} />
          ) : (
            <Card withBorder padding="xl" radius="md">
              <Center mih={240}>
                <Stack align="center" gap="xs">
                  <IconChartFunnel size={40} color="var(--mantine-color-dimmed)" />
                  <Text c="dimmed">{messages.funnels.selectPrompt}</Text>
                </Stack>
              </Center>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function FunnelView({ funnel }: { funnel: Funnel }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: queryKeys.funnels.figures(funnel.id) }) > 0;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={`Funnel ${funnel.name}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{funnel.name}</Title>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {funnel.steps.map((s) => s.name).join(' → ')}
          </Text>
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              aria-label="Refresh funnel data"
              loading={fetching}
              onClick={() =>
                queryClient.invalidateQueries({ queryKey: queryKeys.funnels.figures(funnel.id) })
              }
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Tabs defaultValue="analytics" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="analytics">Funnel Analytics</Tabs.Tab>
          <Tabs.Tab value="compare">Compare Periods</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="analytics">
          <FunnelAnalyticsTab key={funnel.updated_at} funnelId={funnel.id} />
        </Tabs.Panel>
        <Tabs.Panel value="compare">
          <FunnelCompareTab key={funnel.updated_at} funnelId={funnel.id} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
