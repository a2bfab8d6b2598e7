import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A funnel call that failed: the spec's message and 'Try Again' (spec §8 Funnels). */
export function RetryError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button color="red" variant="light" size="xs" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}
