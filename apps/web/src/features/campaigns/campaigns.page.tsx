import { Button, SimpleGrid, Text } from '@mantine/core';
import { type Campaign, messages, type Website } from '@ocx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCampaigns } from '../../api/queries/use-campaigns';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { CampaignCard } from './campaign-card';
import { CampaignFormModal } from './campaign-form-modal';

const TITLE = 'Campaigns';

export default function CampaignsPage() {
  return (
    <WorkspaceGate title={TITLE}>
      {(website) => <Campaigns key={website.id} website={website} />}
    </WorkspaceGate>
  );
}

function Campaigns({ website }: { website: Website }) {
  const campaigns = useCampaigns(website.id);
  // null: closed; 'new': creating; a campaign: editing it.
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New Campaign
          </Button>
        }
      />
      {campaigns.isPending ? (
        <SectionLoader label="Loading campaigns..." />
      ) : campaigns.error ? (
        <ErrorPanel message={messages.campaigns.loadFailed} detail={campaigns.error.message} />
      ) : campaigns.data.length === 0 ? (
        <Text c="dimmed">No campaigns yet. Click the button above to create your first campaign.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {campaigns.data.map((c) => (
            <CampaignCard key={c.id} campaign={c} onEdit={() => setEditing(c)} />
          ))}
        </SimpleGrid>
      )}
      {editing ? (
        <CampaignFormModal
          website={website}
          campaign={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
