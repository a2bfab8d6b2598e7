import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconWorldPlus } from '@tabler/icons-react';
import { openNewWebsiteModal } from './websites/new-website-modal';
import { useSelectedWebsite } from './websites/selected-website';

/** Spec §2 'No Website Selected': the user's websites as buttons, or an invitation to create one. */
export function NoWebsiteSelected() {
  const { websites, select } = useSelectedWebsite();
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack gap="md">
        <Title order={3}>No Website Selected</Title>
        <Text c="dimmed">
          Please select a website from the dropdown menu or create a new website to view analytics.
        </Text>
        {websites.length > 0 ? (
          <Group gap="sm">
            {websites.map((w) => (
              <Button key={w.id} variant="default" onClick={() => select(w.id)}>
                {w.name}
              </Button>
            ))}
          </Group>
        ) : (
          <Text>You don't have any websites yet. Create your first website to get started.</Text>
        )}
        <Group>
          <Button leftSection={<IconWorldPlus size={18} />} onClick={() => openNewWebsiteModal(select)}>
            Create website
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
