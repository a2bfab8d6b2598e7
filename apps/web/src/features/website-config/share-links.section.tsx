import { Badge, Button, Code, Loader, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ShareLink, Website } from '@ocx/contracts';
import { IconLinkOff, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevokeShareLink, useShareLinks } from '../../api/queries/use-share-links';
import { formatDateTime } from '../../components/date-format';
import { FormError } from '../../components/form-error';
import { ConfigSection } from './config-section';
import { NewShareLinkModal } from './new-share-link-modal';
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
  const links = useShareLinks(websiteId);
  const revoke = useRevokeShareLink(websiteId);

  const confirmRevoke = (link: ShareLink) =>
    modals.openConfirmModal({
      title: 'Revoke shared link',
      children: (
        <Text size="sm">
          Revoke the link {link.prefix}…? Anyone who opens it from now on sees that it no longer exists. This
          cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Revoke link', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => notifications.show({ color: 'ocx', message: 'Shared link revoked' }),
          onError: () =>
            notifications.show({
              color: 'red',
              message: 'Failed to revoke the shared link. Please try again.',
            }),
        }),
    });

  if (links.isPending) return <Loader size="sm" aria-label="Loading shared links" />;
  if (links.error) return <FormError message={`Failed to load shared links: ${links.error.message}`} />;
  if (links.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No shared links yet. Share the dashboard to give a client a read-only view.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="share-links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Link</Table.Th>
            <Table.Th>Access</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last viewed</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.data.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Td>
                <Code>{link.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={link.passwordProtected ? 'ocx' : 'gray'}>
                  {link.passwordProtected ? 'Password' : 'Anyone with the link'}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(link.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {link.lastViewedAt ? (
                  formatDateTime(link.lastViewedAt)
                ) : (
                  <Text c="dimmed" size="sm" span>
                    Never
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconLinkOff size={14} />}
                  onClick={() => confirmRevoke(link)}
                  loading={revoke.isPending && revoke.variables === link.id}
                  aria-label={`Revoke shared link ${link.prefix}`}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
