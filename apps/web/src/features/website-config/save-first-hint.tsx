import { Text } from '@mantine/core';

/** Shown in place of a section that needs the website to exist on the server. */
export function SaveFirstHint({ what }: { what: string }) {
  return (
    <Text size="sm" c="dimmed">
      Save the configuration first to {what}.
    </Text>
  );
}
