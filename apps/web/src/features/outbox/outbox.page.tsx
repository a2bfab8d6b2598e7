import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useOutbox } from '../../api/queries/use-outbox';
import { formatDateTime } from '../../components/date-format';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { MailText } from './mail-text';

/**
 * /outbox — without SMTP settings OCX sends no mail: what it would have sent about this account
 * (a verification link, a sign-in code) waits here, for this account only.
 */
export default function OutboxPage() {
  // A resend from the banner lands here within seconds.
  const outbox = useOutbox({ refetchInterval: 5000 });
  return (
    <>
      <PageHeader title={screenTitle('/outbox')} subtitle="Mail this server kept instead of sending it" />
      <Stack gap="lg" maw={900}>
        {outbox.isPending ? (
          <SectionLoader label="Loading the outbox..." />
        ) : outbox.error ? (
          <ErrorPanel message="Failed to load the outbox" detail={outbox.error.message} />
        ) : outbox.data.transport === 'smtp' ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            This server sends its mail over SMTP: look for OCX's mails in your mailbox.
          </Alert>
        ) : (
          <>
            <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
              This server has no SMTP settings, so it sends no mail. The mails it would have sent you are kept
              here (the last 50 of the server, until it restarts); only you see yours. Its operator can set
              SMTP_URL to send them.
            </Alert>
            {outbox.data.mails.length === 0 ? (
              <Text c="dimmed" size="sm">
                No mail for you yet.
              </Text>
            ) : (
              outbox.data.mails.map((mail) => (
                <Card key={`${mail.sentAt}-${mail.subject}`} withBorder padding="lg" component="article">
                  <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
                    <Title order={4}>{mail.subject}</Title>
                    <Badge variant="light" color="gray" tt="none">
                      {formatDateTime(mail.sentAt)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" mb="sm">
                    To {mail.to}
                  </Text>
                  <MailText text={mail.text} />
                </Card>
              ))
            )}
          </>
        )}
      </Stack>
    </>
  );
}
