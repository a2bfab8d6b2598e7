import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

/** An address OCX has no screen for: say so, show it, and lead back to the dashboard. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack align="center" ta="center" gap="md" py={64} px="md" maw={520} mx="auto">
      <IconMapQuestion size={48} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      <Title order={2}>Page not found</Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        There is no page at{' '}
        <Text span ff="monospace">
          {pathname}
        </Text>
        . The link may be old or mistyped.
      </Text>
      <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={16} />}>
        Back to the dashboard
      </Button>
    </Stack>
  );
}
