import { Badge, Button, Tooltip } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { IconLinkOff, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevokeShareLink, useShareLinks } from '../../api/queries/use-share-links';
import { ConfigSection } from './config-section';
import { NewShareLinkModal } from './new-share-link-modal';
import { RevocableTable, SecretPrefix } from './revocable-table';
import { SaveFirstHint } from './save-first-hint';

/** Read-only links to this website's dashboard for clients and teammates without an account. */
export function ShareLinksSection({ website }: { website: Website | null }) {
  const [opened, setOpened] = useState(false);
  const create = (
    <Button leftSection={<IconShare size={16} />} onClick={() => setOpened(true)} disabled={!website}>
      Share dashboard
    </Button>
  );
  return (
    <ConfigSection
      title="Shared Links"
      description="A read-only link to this website's dashboard for people without an account, optionally with a password. Revoke it to end it."
      action={website ? create : <Tooltip label="Save the configuration first">{create}</Tooltip>}
    >
      {website ? (
        <>
          <ShareLinkList websiteId={website.id} />
          <NewShareLinkModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
        </>
      ) : (
        <SaveFirstHint what="share the dashboard" />
      )}
    </ConfigSection>
  );
}

function ShareLinkList({ websiteId }: { websiteId: string }) {
  return (
    <RevocableTable
      query={useShareLinks(websiteId)}
      revoke={useRevokeShareLink(websiteId)}
      noun="shared link"
      testId="share-links"
      empty="No shared links yet. Share the dashboard to give a client a read-only view."
      columns={[
        { header: 'Link', cell: (link) => <SecretPrefix prefix={link.prefix} /> },
        {
          header: 'Access',
          cell: (link) => (
            <Badge variant="light" color={link.passwordProtected ? 'ocx' : 'gray'}>
              {link.passwordProtected ? 'Password' : 'Anyone with the link'}
            </Badge>
          ),
        },
      ]}
      lastUse={{ header: 'Last viewed', at: (link) => link.lastViewedAt }}
      revokeIcon={<IconLinkOff size={14} />}
      buttonLabel={(link) => `Revoke shared link ${link.prefix}`}
      question={(link) =>
        `Revoke the link ${link.prefix}…? Anyone who opens it from now on sees that it no longer exists.`
      }
      confirmLabel="Revoke link"
      revokedMessage={() => 'Shared link revoked'}
    />
  );
}
