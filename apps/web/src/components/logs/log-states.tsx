import { Alert, Button, Card, EmptyState, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDatabaseOff,
  IconRefresh,
  IconSettings,
  IconWorldOff,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../page-header';
import { NO_WEBSITE_ID, NO_WEBSITE_SELECTED } from './log-texts';

/** A log that could not load: the spec's message and a way to try again. */
export function LogError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title="Error" icon={<IconAlertTriangle />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button
          color="red"
          variant="light"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
        >
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

export function LogEmpty({ text }: { text: string }) {
  return (
    <EmptyState py="xl" icon={<IconDatabaseOff size={28} />} withIndicatorBackground description={text} />
  );
}

/** Spec §5 'Log screens': without a website id there is nothing to list. */
export function NoLogWebsite({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card withBorder padding="xl" maw={640}>
        <Stack gap="md" align="flex-start">
          <Alert color="yellow" variant="light" icon={<IconWorldOff />} w="100%">
            {NO_WEBSITE_ID}
          </Alert>
          <Text>{NO_WEBSITE_SELECTED}</Text>
          <Button component={Link} to="/website-config" leftSection={<IconSettings size={16} />}>
            Website Configuration
          </Button>
        </Stack>
      </Card>
    </>
  );
}
