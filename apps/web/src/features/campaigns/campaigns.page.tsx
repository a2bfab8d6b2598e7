import { Button, SimpleGrid, Text } from '@mantine/core';
import { type Campaign, messages, type Website } from '@ocx/contracts';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useCampaigns } from '../../api/queries/use-campaigns';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { CampaignCard } from './campaign-card';
import { CampaignFormModal } from './campaign-form-modal';

const TITLE = 'Campaigns';

// Opened on demand: the report reader and the spend form stay out of the page's first load.
const CostImportDialog = lazy(() => import('./cost-import-dialog'));
const ManualSpendModal = lazy(() => import('./manual-spend-modal'));

export default function CampaignsPage() {
  return (
    <WorkspaceGate title={TITLE}>
      {(website) => <Campaigns key={website.id} website={website} />}
    </WorkspaceGate>
  );
}

function Campaigns({ website }: { website: Website }) {
  const campaigns = useCampaigns(website.id);
  // The cards render as a deferred update, which React builds in slices, and not in the query's
  // notification: that render is synchronous, and when the list came with the boot (boot-prefetch.ts)
  // it built every card in one long task with the shell (bench:web mobile /campaigns TBT 528 ms).
  const shown = useDeferredValue(campaigns.data ?? null, null);
  // null: closed; 'new': creating; a campaign: editing it.
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [addingSpend, setAddingSpend] = useState<Campaign | null>(null);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={website.name}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              disabled={!campaigns.data?.length}
            >
              Import costs
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New Campaign
            </Button>
          </>
        }
      />
      {campaigns.error ? (
        <ErrorPanel message={messages.campaigns.loadFailed} detail={campaigns.error.message} />
      ) : shown === null ? (
        <SectionLoader label="Loading campaigns..." />
      ) : shown.length === 0 ? (
        <Text c="dimmed">No campaigns yet. Click the button above to create your first campaign.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {shown.map((c) => (
            <CampaignCard
              key={c.id}
              campaign={c}
              onEdit={() => setEditing(c)}
              onAddSpend={() => setAddingSpend(c)}
            />
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
      <Suspense fallback={null}>
        {importing ? <CostImportDialog websiteId={website.id} onClose={() => setImporting(false)} /> : null}
        {addingSpend ? (
          <ManualSpendModal campaign={addingSpend} onClose={() => setAddingSpend(null)} />
        ) : null}
      </Suspense>
    </>
  );
}
