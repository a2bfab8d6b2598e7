import { Badge, Button, Card, Group, Stack, Text, Title, useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../api/queries/use-session';
import { formatDateTime, formatTimeOfDay } from '../../components/date-format';
import { DebugField } from '../../components/debug-field';
import { openConfirm } from '../../components/dialog-close';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { clearLocalData, readLocalData } from './local-data';
import { describeEntry } from './local-data-format';
import { LocalDataTable } from './local-data-table';

/** Spec §9: the debug page reads the local data again every 10 seconds. */
export const LOCAL_DATA_REFRESH_MS = 10_000;

/** Debug Tools (spec §2): a viewer of what OCX keeps in this browser, and a way to clear it. */
export default function DebugPage() {
  const session = useSession();
  const { websites } = useSelectedWebsite();
  const { clearColorScheme } = useMantineColorScheme();
  const [read, setRead] = useState(() => ({ entries: readLocalData(), at: new Date() }));
  const refresh = useCallback(() => setRead({ entries: readLocalData(), at: new Date() }), []);

  useEffect(() => {
    const timer = setInterval(refresh, LOCAL_DATA_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const askToClear = () =>
    openConfirm({
      title: 'Clear local data',
      children: (
        <Text size="sm">
          Are you sure you want to clear local data? Your theme, sidebar state, selected website and the
          tracker's queued events are removed from this browser. Your account and everything on the server
          stay.
        </Text>
      ),
      labels: { confirm: 'Clear', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        clearLocalData();
        clearColorScheme();
        refresh();
        notifications.show({ color: 'ocx', message: 'Local data cleared.' });
      },
    });

  const entries = read.entries.map((entry) => describeEntry(entry, websites));
  const expiresAt = session.data?.session.expiresAt;
  return (
    <>
      <PageHeader
        title={screenTitle('/debug')}
        subtitle="What OCX keeps in this browser."
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
              Refresh
            </Button>
            <Button color="red" leftSection={<IconTrash size={16} />} onClick={askToClear}>
              Clear Local Data
            </Button>
          </>
        }
      />
      <Stack gap="lg" maw={1200}>
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">
            Session
          </Title>
          <DebugField label="Signed in as">{session.data?.user.email ?? 'Not signed in'}</DebugField>
          <DebugField label="Session expires">{expiresAt ? formatDateTime(expiresAt) : 'Unknown'}</DebugField>
          <Text size="xs" c="dimmed" mt="xs">
            The session lives on the server; this browser holds only its httpOnly cookie, which no script can
            read or clear.
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Local data</Title>
            <Badge color="ocx" variant="dot">
              Read {formatTimeOfDay(read.at)} · every 10 s
            </Badge>
          </Group>
          <LocalDataTable entries={entries} />
        </Card>
      </Stack>
    </>
  );
}
