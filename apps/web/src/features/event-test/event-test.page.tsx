import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { messages, type TestEventResult, type Website } from '@ocx/contracts';
import { IconAlertTriangle, IconBolt, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useSendTestEvent } from '../../api/mutations/use-event-test-mutations';
import { useRecentEvents } from '../../api/queries/use-recent-events';
import { SectionLoader } from '../../components/full-page-loader';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { PageHeader } from '../../components/page-header';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { RecentEventsTable, rowKey } from './recent-events-table';
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
  const [highlight, setHighlight] = useState<Set<string>>(new Set());
  const seen = useRef<Set<string> | null>(null);
  // What became of the last test event: stored, or why collect would drop it. Stays until the next.
  const [outcome, setOutcome] = useState<TestEventResult | null>(null);

  // Rows that arrive while the screen is open are marked, so a new event is easy to spot.
  useEffect(() => {
    if (!events.data) return;
    const keys = events.data.map(rowKey);
    if (seen.current) setHighlight(new Set(keys.filter((key) => !seen.current?.has(key))));
    seen.current = new Set(keys);
  }, [events.data]);

  const send = useSendTestEvent(website.id, {
    onSuccess: setOutcome,
    onError: (err) =>
      setOutcome({
        stored: false,
        reason: null,
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
                from this browser through the same steps as your visitors' events: bot check, domain check and
                enrichment. It is stored as a test: listed below, counted in no report.
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
          {outcome ? (
            <Alert
              mt="md"
              variant="light"
              color={outcome.stored ? 'ocx' : 'red'}
              icon={outcome.stored ? <IconCircleCheck /> : <IconAlertTriangle />}
              title={outcome.stored ? undefined : 'Test event dropped'}
              data-testid="test-event-outcome"
              styles={{ message: { overflowWrap: 'anywhere' } }}
            >
              {outcome.message}
            </Alert>
          ) : null}
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
              No events yet. Install the tracking script from{' '}
              <Anchor component={Link} to="/website-config" inherit>
                Website Configuration
              </Anchor>
              , or send a test event.
            </Text>
          ) : (
            <RecentEventsTable events={events.data} highlight={highlight} campaignNames={campaignNames} />
          )}
        </Card>
      </Stack>
    </>
  );
}
