import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { IconBolt, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useSendTestEvent } from '../../api/mutations/use-event-test-mutations';
import { useRecentEvents } from '../../api/queries/use-recent-events';
import { SectionLoader } from '../../components/full-page-loader';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { PageHeader } from '../../components/page-header';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { RecentEventsTable } from './recent-events-table';
import { useCampaignNames } from './use-campaign-names';

export default function EventTestPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading..." />;
  if (!website) {
    return (
      <>
        <PageHeader title="Event Test" />
        <NoWebsiteSelected />
      </>
    );
  }
  return <EventTest key={website.id} website={website} />;
}

function EventTest({ website }: { website: Website }) {
  const events = useRecentEvents(website.id);
  const campaignNames = useCampaignNames(website.id, events.data);
  const [highlight, setHighlight] = useState<Set<number>>(new Set());
  const seen = useRef<Set<number> | null>(null);

  // Rows that arrive while the screen is open are marked, so a new event is easy to spot.
  useEffect(() => {
    if (!events.data) return;
    const ids = events.data.map((e) => e.id);
    if (seen.current) setHighlight(new Set(ids.filter((id) => !seen.current?.has(id))));
    seen.current = new Set(ids);
  }, [events.data]);

  const send = useSendTestEvent(website.id, {
    onSuccess: (result) =>
      notifications.show(
        result.accepted > 0
          ? { color: 'ocx', message: 'Test event stored. It appears below.' }
          : { color: 'red', message: `Test event dropped: ${result.dropped[0]?.reason ?? 'unknown reason'}` },
      ),
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: err instanceof ApiError ? err.message : messages.common.unexpected,
      }),
  });

  return (
    <>
      <PageHeader title="Event Test" subtitle={website.name} />
      <Stack gap="lg" maw={1200}>
        <Card withBorder padding="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4} maw={640}>
              <Title order={4}>Send a test event</Title>
              <Text size="sm" c="dimmed">
                Sends a custom event named <b>ocx_test_event</b> for {website.rootDomain || 'this website'}{' '}
                through the same pipeline as your visitors' events: bot check, domain check, enrichment and
                storage.
              </Text>
            </Stack>
            <Button
              leftSection={<IconBolt size={16} />}
              onClick={() => send.mutate()}
              loading={send.isPending}
              disabled={!website.rootDomain}
            >
              Send Test Event
            </Button>
          </Group>
          {!website.rootDomain ? (
            <Alert mt="md" color="yellow" variant="light" icon={<IconInfoCircle />}>
              {messages.config.snippetMissingDomain}. <Link to="/website-config">Open Website Config</Link>
            </Alert>
          ) : null}
        </Card>

        <Card withBorder padding="lg">
          <Group justify="space-between" mb="md">
            <Title order={4}>Recent events</Title>
            <Group gap={6}>
              {events.isFetching ? <Loader size={12} /> : null}
              <Badge color="ocx" variant="dot">
                Live · every 2 s
              </Badge>
            </Group>
          </Group>
          {events.isPending ? (
            <SectionLoader label="Loading events..." />
          ) : events.error ? (
            <Alert color="red" variant="light">
              {events.error.message}
            </Alert>
          ) : events.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              No events yet. Install the tracking script from Website Config, or send a test event.
            </Text>
          ) : (
            <RecentEventsTable events={events.data} highlight={highlight} campaignNames={campaignNames} />
          )}
        </Card>
      </Stack>
    </>
  );
}
