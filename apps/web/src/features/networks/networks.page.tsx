import { Button, SimpleGrid, Text } from '@mantine/core';
import { messages, type Website } from '@ocx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNetworks } from '../../api/queries/use-networks';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { NetworkCard } from './network-card';
import { NetworkFormModal } from './network-form-modal';

const TITLE = screenTitle('/networks');

export default function NetworksPage() {
  return (
    <WorkspaceGate title={TITLE}>
      {(website) => <Networks key={website.id} website={website} />}
    </WorkspaceGate>
  );
}

function Networks({ website }: { website: Website }) {
  const [opened, setOpened] = useState(false);
  const networks = useNetworks(website.id);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
            New Network
          </Button>
        }
      />
      {networks.isPending ? (
        <SectionLoader label="Loading networks..." />
      ) : networks.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={networks.error.message} />
      ) : networks.data.length === 0 ? (
        <Text c="dimmed">
          No networks configured yet. Click the button above to add your first traffic network.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {networks.data.map((n) => (
            <NetworkCard key={n.id} network={n} />
          ))}
        </SimpleGrid>
      )}
      <NetworkFormModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
