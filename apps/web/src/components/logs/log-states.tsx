import { Alert, Button, EmptyState, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseOff, IconRefresh } from '@tabler/icons-react';
import { NextStep } from '../next-step';
import { NoWebsiteSelected } from '../no-website-selected';
import { PageHeader } from '../page-header';
import type { LogTexts } from './log-texts';

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

/**
 * Nothing to list: the spec's text ('No clicks found - Try adjusting your filters or refreshing the
 * data'); without any filters, the one next step and its button beside it.
 */
export function LogEmpty({ text, nextStep }: { text: string; nextStep?: LogTexts['nextStep'] | undefined }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconDatabaseOff size={28} />}
      withIndicatorBackground
      title={text}
      description={
        nextStep ? (
          <NextStep text={nextStep.text} action={nextStep.action} to={nextStep.to} align="center" />
        ) : undefined
      }
    />
  );
}

/**
 * Without a website there is nothing to list: the one next step is to create (or pick) a website, as on
 * every screen, rather than the spec's 'No website ID available', which names an internal id.
 */
export function NoLogWebsite({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <NoWebsiteSelected />
    </>
  );
}
