import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

export function SectionLoader({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
