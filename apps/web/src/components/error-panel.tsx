import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A screen that could not load: what failed, and the way out the spec gives ('Reload Page'). */
export function ErrorPanel({ message, detail }: { message: string; detail?: string | undefined }) {
  return (
    <Alert color="red" variant="light" title="Error" icon={<IconAlertTriangle />} maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button color="red" variant="filled" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </Stack>
    </Alert>
  );
}
