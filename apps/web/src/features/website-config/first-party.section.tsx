import { Alert, Checkbox, Code, Group, List, Stack, Table, Text } from '@mantine/core';
import { isValidRootDomain, trackingHost } from '@ocx/core';
import { CopyButton } from '../../components/copy-button';
import { ConfigSection } from './config-section';
import { firstPartyRecord, zoneLine } from './first-party-record';
import type { ScriptOptions, WebsiteDraft } from './website-draft';

interface Props {
  draft: WebsiteDraft;
  onScriptChange(patch: Partial<ScriptOptions>): void;
  /** The host OCX is served on (its PUBLIC_URL, which serves this app); a test gives an address. */
  ocxHost?: string;
}

export function FirstPartySection({ draft, onScriptChange, ocxHost = window.location.hostname }: Props) {
  const valid = isValidRootDomain(draft.rootDomain);
  const cname = valid ? trackingHost(draft.rootDomain) : 'track.{your domain}';
  const record = firstPartyRecord(ocxHost);
  return (
    <ConfigSection
      title="First-Party Tracking Setup"
      description="Required for iOS tracking and server-to-server postbacks: the tracker then runs on your own domain."
    >
      <Stack>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>At your DNS provider, add this record:</List.Item>
        </List>
        {record.byAddress ? (
          <Alert color="blue" variant="light" maw={640} data-testid="dns-advice">
            OCX is reached by its address ({record.target}), and a CNAME can only point at a host name: add an{' '}
            {record.type} record. If OCX gets a host name later, a CNAME to that name keeps working when the
            address changes.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="dns-advice">
            A CNAME to {record.target}, the host name OCX runs on, follows OCX if its address changes.
          </Text>
        )}
        <Table withTableBorder maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Target</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{record.type}</Table.Td>
              <Table.Td>
                <Code>{cname}</Code>
              </Table.Td>
              <Table.Td>
                <Code>{record.target}</Code>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {valid ? (
          <Group>
            <CopyButton value={zoneLine(cname, record)} label="Copy record" />
          </Group>
        ) : null}
        <List type="ordered" spacing="xs" size="sm" start={2}>
          <List.Item>
            Make sure the proxy in front of OCX serves HTTPS for <Code>{cname}</Code> (Caddy or Traefik issue
            the certificate automatically).
          </List.Item>
          <List.Item>Tick the box below and save; the tracking script then loads from your domain.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          DNS propagation may take up to 72 hours.
        </Text>
        <Checkbox
          label={`The ${record.type} record is in place: load the tracker from ${cname}`}
          checked={draft.script.firstPartyTracking}
          disabled={!valid}
          onChange={(e) => onScriptChange({ firstPartyTracking: e.currentTarget.checked })}
        />
      </Stack>
    </ConfigSection>
  );
}
