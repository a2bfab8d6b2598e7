import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';

/**
 * A secret the server hands out once (an API key, a shared link): the warning to copy it now, the
 * value and its copy button.
 */
export function OnceShownSecret({
  warning,
  name,
  value,
  copyLabel,
  testId,
}: {
  warning: ReactNode;
  /** What the secret was made for, shown above it (an API key's name). */
  name?: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} py="xs">
        {warning}
      </Alert>
      <Stack gap={6}>
        {name ? (
          <Text size="sm" fw={500}>
            {name}
          </Text>
        ) : null}
        <Group gap="sm" wrap="nowrap" align="center">
          <Code data-testid={testId} fz="sm" style={{ wordBreak: 'break-all', flex: 1 }} py={6}>
            {value}
          </Code>
          <CopyButton value={value} label={copyLabel} />
        </Group>
      </Stack>
    </>
  );
}
